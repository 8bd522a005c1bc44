import { isRecord } from '@apcore-mcp/core/bridge';
import type { AnnotationsInput } from './normalize-annotations.js';

/** The prefix that marks an `annotations.extra` key as meant for the model (F-041). */
const MODEL_PREFIX = 'mcp_';

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The `annotations.extra` entries a module author meant for the model, as a description
 * section: each key prefixed `mcp_` on its own line with the prefix stripped
 * (`"\n\ncategory: image\ncost: high"`), in the order written; every other key stays out (it is
 * the author's internal data). Returns `""` when there is none.
 *
 * @example
 * ```ts
 * toExtraDescription({ extra: { mcp_category: 'image', internal_flag: 'x' } });
 * // "\n\ncategory: image"
 * ```
 */
export function toExtraDescription(annotations: AnnotationsInput): string {
  const extra = isRecord(annotations) ? annotations.extra : undefined;
  if (!isRecord(extra)) return '';
  const lines: string[] = [];
  for (const [key, value] of Object.entries(extra)) {
    if (!key.startsWith(MODEL_PREFIX) || key.length === MODEL_PREFIX.length) continue;
    if (value === undefined || value === null) continue;
    lines.push(`${key.slice(MODEL_PREFIX.length)}: ${formatValue(value)}`);
  }
  return lines.length === 0 ? '' : `\n\n${lines.join('\n')}`;
}
