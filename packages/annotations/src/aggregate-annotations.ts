import type { ModuleAnnotations } from '@apcore-mcp/core';
import {
  ANNOTATION_DEFAULTS,
  type AnnotationFlag,
  type AnnotationsInput,
  normalizeAnnotations,
} from './normalize-annotations.js';

/**
 * How each flag combines across the modules folded into one tool: `every` holds only when it
 * holds for all of them, `some` when it holds for any. Each choice assumes the worst, so a
 * client never trusts a grouped tool more than its least trustworthy action.
 */
const AGGREGATION: Readonly<Record<AnnotationFlag, 'every' | 'some'>> = {
  readonly: 'every',
  destructive: 'some',
  idempotent: 'every',
  requiresApproval: 'some',
  openWorld: 'some',
  streaming: 'some',
};

/**
 * The annotations of one tool that stands for several modules (a grouped tool), by the
 * conservative rule: destructive if any module is, readonly and idempotent only if all are,
 * openWorld, requiresApproval and streaming if any is. `null` entries count as the defaults.
 * Explicit values (booleans only) win over the aggregate. An empty list gives the defaults.
 *
 * @example
 * ```ts
 * aggregateAnnotations([{ readonly: true }, { destructive: true }]);
 * // { readonly: false, destructive: true, idempotent: false, requiresApproval: false,
 * //   openWorld: true, streaming: false }
 * ```
 */
export function aggregateAnnotations(
  list: ReadonlyArray<AnnotationsInput>,
  explicit: Partial<ModuleAnnotations> = {},
): ModuleAnnotations {
  const normalized = list.map(normalizeAnnotations);
  const result: Record<AnnotationFlag, boolean> = { ...ANNOTATION_DEFAULTS };
  for (const flag of Object.keys(AGGREGATION) as AnnotationFlag[]) {
    const explicitValue = explicit[flag];
    if (typeof explicitValue === 'boolean') {
      result[flag] = explicitValue;
    } else if (normalized.length > 0) {
      result[flag] =
        AGGREGATION[flag] === 'every'
          ? normalized.every((annotations) => annotations[flag])
          : normalized.some((annotations) => annotations[flag]);
    }
  }
  return result;
}
