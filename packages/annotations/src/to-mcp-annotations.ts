import { type AnnotationsInput, readFlag } from './normalize-annotations.js';
import type { ToolAnnotations } from './tool-annotations.js';

/** Options of {@link toMcpAnnotations}. */
export interface ToMcpAnnotationsOptions {
  /** Sets the `title` hint (omitted when absent or empty). */
  title?: string;
}

/**
 * Maps apcore annotations to MCP tool annotations. All four hints are always present, so no
 * client falls back to the MCP default `destructiveHint: true` for a module that declared
 * nothing. `null`/`undefined` (and missing fields) give the defaults: `readOnlyHint: false`,
 * `destructiveHint: false`, `idempotentHint: false`, `openWorldHint: true`.
 *
 * `requiresApproval` and `streaming` have no MCP hint; see `toToolMeta`.
 *
 * @example
 * ```ts
 * toMcpAnnotations({ readonly: true, openWorld: false }, { title: 'Resize image' });
 * // { title: 'Resize image', readOnlyHint: true, destructiveHint: false,
 * //   idempotentHint: false, openWorldHint: false }
 * ```
 */
export function toMcpAnnotations(
  annotations: AnnotationsInput,
  options: ToMcpAnnotationsOptions = {},
): ToolAnnotations {
  const hints: ToolAnnotations = {
    readOnlyHint: readFlag(annotations, 'readonly'),
    destructiveHint: readFlag(annotations, 'destructive'),
    idempotentHint: readFlag(annotations, 'idempotent'),
    openWorldHint: readFlag(annotations, 'openWorld'),
  };
  return options.title ? { title: options.title, ...hints } : hints;
}
