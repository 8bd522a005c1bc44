import type { ModuleAnnotations } from '@apcore-mcp/core';

/** The six apcore annotation flags. */
export type AnnotationFlag =
  | 'readonly'
  | 'destructive'
  | 'idempotent'
  | 'requiresApproval'
  | 'openWorld'
  | 'streaming';

/** The values a module has when it declares no annotations: all false but `openWorld`. */
export const ANNOTATION_DEFAULTS: Readonly<Record<AnnotationFlag, boolean>> = Object.freeze({
  readonly: false,
  destructive: false,
  idempotent: false,
  requiresApproval: false,
  openWorld: true,
  streaming: false,
});

/** The spellings each flag may arrive in: apcore-js's camelCase, then apcore's snake_case. */
const SPELLINGS: Readonly<Record<AnnotationFlag, readonly string[]>> = {
  readonly: ['readonly'],
  destructive: ['destructive'],
  idempotent: ['idempotent'],
  requiresApproval: ['requiresApproval', 'requires_approval'],
  openWorld: ['openWorld', 'open_world'],
  streaming: ['streaming'],
};

/** Annotations as they may arrive from any runtime: possibly partial, possibly snake_case. */
export type AnnotationsInput =
  | Partial<ModuleAnnotations>
  | Record<string, unknown>
  | null
  | undefined;

/**
 * Reads annotations from any runtime into a complete {@link ModuleAnnotations} of the six flags.
 * Missing fields, and fields that are not booleans, take their defaults; `requires_approval` and
 * `open_world` are read too, for runtimes that use snake_case.
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

/** One flag of possibly partial annotations: its boolean value, else its default. */
export function readFlag(annotations: AnnotationsInput, flag: AnnotationFlag): boolean {
  if (typeof annotations !== 'object' || annotations === null) return ANNOTATION_DEFAULTS[flag];
  for (const spelling of SPELLINGS[flag]) {
    const value = (annotations as Record<string, unknown>)[spelling];
    if (typeof value === 'boolean') return value;
  }
  return ANNOTATION_DEFAULTS[flag];
}
