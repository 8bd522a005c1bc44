import type { ModuleAnnotations } from '@apcore-mcp/core';
import {
  type AnnotationFlag as CoreAnnotationFlag,
  DEFAULT_ANNOTATIONS,
  readAnnotationFlag,
} from '@apcore-mcp/core/bridge';

/** The six apcore annotation flags (`@apcore-mcp/core`'s). */
export type AnnotationFlag = CoreAnnotationFlag;

/** The values a module has when it declares no annotations: all false but `openWorld`. */
export const ANNOTATION_DEFAULTS: Readonly<Record<AnnotationFlag, boolean>> = DEFAULT_ANNOTATIONS;

/** Annotations as they may arrive from any runtime: possibly partial, possibly snake_case. */
export type AnnotationsInput =
  | Partial<ModuleAnnotations>
  | Record<string, unknown>
  | null
  | undefined;

/**
 * Reads annotations from any runtime into a complete {@link ModuleAnnotations} of the six flags.
 * Missing fields, and fields that are not booleans, take their defaults; `requires_approval` and
 * `open_world` are read too, for runtimes that use snake_case ({@link readFlag}).
 *
 * @example
 * ```ts
 * normalizeAnnotations({ readonly: true });
 * // { readonly: true, destructive: false, idempotent: false, requiresApproval: false,
 * //   openWorld: true, streaming: false }
 * ```
 */
export function normalizeAnnotations(annotations: AnnotationsInput): ModuleAnnotations {
  return {
    readonly: readFlag(annotations, 'readonly'),
    destructive: readFlag(annotations, 'destructive'),
    idempotent: readFlag(annotations, 'idempotent'),
    requiresApproval: readFlag(annotations, 'requiresApproval'),
    openWorld: readFlag(annotations, 'openWorld'),
    streaming: readFlag(annotations, 'streaming'),
  };
}

/**
 * One flag of possibly partial annotations: its boolean value (either spelling), else its
 * default; a non-boolean such as `"false"` counts as not given. The very rule the apcore runtime
 * reads flags by (`readAnnotationFlag` of `@apcore-mcp/core`), so a tool's hints and `_meta`
 * never disagree with what the executor does.
 *
 * @example
 * ```ts
 * readFlag({ requires_approval: true }, 'requiresApproval'); // true
 * ```
 */
export function readFlag(annotations: AnnotationsInput, flag: AnnotationFlag): boolean {
  return readAnnotationFlag(annotations, flag);
}
