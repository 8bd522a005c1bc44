import {
  ANNOTATION_DEFAULTS,
  type AnnotationFlag,
  type AnnotationsInput,
  readFlag,
} from './normalize-annotations.js';

/** The flags a description suffix lists, in this order, with the names it uses for them. */
const SUFFIX_FIELDS: readonly (readonly [AnnotationFlag, string])[] = [
  ['readonly', 'readonly'],
  ['destructive', 'destructive'],
  ['idempotent', 'idempotent'],
  ['requiresApproval', 'requires_approval'],
  ['openWorld', 'open_world'],
];

/**
 * A machine-parseable annotation note for tool descriptions of function-calling APIs that have
 * no annotation field (OpenAI): `"\n\n[Annotations: readonly=true, idempotent=true]"`.
 *
 * Only flags that differ from their defaults are listed, always in the order `readonly`,
 * `destructive`, `idempotent`, `requires_approval`, `open_world`, as `name=true|false` joined
 * by `", "`. `streaming` is not listed (it says nothing to a model choosing a function).
 * Returns `""` for `null`/`undefined` or when every flag has its default.
 *
 * @example
 * ```ts
 * toDescriptionSuffix({ destructive: true, requiresApproval: true });
 * // "\n\n[Annotations: destructive=true, requires_approval=true]"
 * ```
 */
export function toDescriptionSuffix(annotations: AnnotationsInput): string {
  const fields = SUFFIX_FIELDS.filter(
    ([flag]) => readFlag(annotations, flag) !== ANNOTATION_DEFAULTS[flag],
  ).map(([flag, name]) => `${name}=${readFlag(annotations, flag)}`);
  return fields.length === 0 ? '' : `\n\n[Annotations: ${fields.join(', ')}]`;
}
