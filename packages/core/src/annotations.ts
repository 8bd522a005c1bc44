import {
  createDefaultAnnotations,
  DEFAULT_ANNOTATIONS,
  type ModuleAnnotations,
} from './contract.js';
import { isRecord } from './is-record.js';
import { setOwnEntry } from './own-entry.js';

/**
 * The six apcore annotation flags.
 *
 * @example
 * ```ts
 * const flag: AnnotationFlag = 'requiresApproval';
 * ```
 */
export type AnnotationFlag =
  | 'readonly'
  | 'destructive'
  | 'idempotent'
  | 'requiresApproval'
  | 'openWorld'
  | 'streaming';

/** The spellings each flag may arrive in: apcore-js's camelCase, then apcore's snake_case. */
const SPELLINGS: Readonly<Record<AnnotationFlag, readonly string[]>> = {
  readonly: ['readonly'],
  destructive: ['destructive'],
  idempotent: ['idempotent'],
  requiresApproval: ['requiresApproval', 'requires_approval'],
  openWorld: ['openWorld', 'open_world'],
  streaming: ['streaming'],
};

/** Every spelling of a flag, for telling flags from the other annotation keys. */
const FLAG_SPELLINGS: ReadonlySet<string> = new Set(Object.values(SPELLINGS).flat());

/**
 * One annotation flag of annotations from any runtime: its value when it is a boolean, in
 * either spelling (`requiresApproval` or `requires_approval`), else its default. Anything that
 * is not a boolean (`"false"`, `1`, `null`) counts as not given: a string never turns a flag on.
 * This is the one rule the runtime, the MCP tools and the OpenAI export all read flags by.
 *
 * @example
 * ```ts
 * readAnnotationFlag({ requires_approval: true }, 'requiresApproval'); // true
 * readAnnotationFlag({ requiresApproval: 'false' }, 'requiresApproval'); // false (the default)
 * ```
 */
export function readAnnotationFlag(annotations: unknown, flag: AnnotationFlag): boolean {
  if (!isRecord(annotations)) return DEFAULT_ANNOTATIONS[flag];
  for (const spelling of SPELLINGS[flag]) {
    const value = annotations[spelling];
    if (typeof value === 'boolean') return value;
  }
  return DEFAULT_ANNOTATIONS[flag];
}

/**
 * Complete annotations: the six flags read by {@link readAnnotationFlag} (defaults for missing
 * or non-boolean values), and every further key kept as it is (a key named `__proto__` as a
 * plain key, never as the prototype).
 *
 * @example
 * ```ts
 * fillAnnotations({ readonly: true }).openWorld; // true
 * ```
 */
export function fillAnnotations(declared: unknown): ModuleAnnotations {
  const filled: Record<string, unknown> = createDefaultAnnotations();
  if (!isRecord(declared)) return filled as ModuleAnnotations;
  for (const key of Object.keys(declared)) {
    if (!FLAG_SPELLINGS.has(key) && declared[key] !== undefined) {
      setOwnEntry(filled, key, declared[key]);
    }
  }
  for (const flag of Object.keys(SPELLINGS) as AnnotationFlag[]) {
    filled[flag] = readAnnotationFlag(declared, flag);
  }
  return filled as ModuleAnnotations;
}
