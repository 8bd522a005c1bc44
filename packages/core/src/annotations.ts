import { DEFAULT_ANNOTATIONS, type ModuleAnnotations } from './contract.js';
import { isRecord } from './module-like.js';

/** snake_case spellings other apcore runtimes use, mapped to ours. */
const SNAKE_CASE_KEYS: Readonly<Record<string, string>> = {
  requires_approval: 'requiresApproval',
  open_world: 'openWorld',
};

const FLAG_KEYS = Object.keys(DEFAULT_ANNOTATIONS);

/**
 * Complete annotations: the declared values over {@link DEFAULT_ANNOTATIONS}, flags coerced to
 * booleans, snake_case spellings accepted, further keys kept as they are.
 *
 * @example
 * ```ts
 * fillAnnotations({ readonly: true }).openWorld; // true
 * ```
 */
export function fillAnnotations(declared: unknown): ModuleAnnotations {
  const filled: Record<string, unknown> = { ...DEFAULT_ANNOTATIONS };
  if (!isRecord(declared)) return filled as ModuleAnnotations;
  for (const [key, value] of Object.entries(declared)) {
    if (value === undefined) continue;
    const name = SNAKE_CASE_KEYS[key] ?? key;
    filled[name] = FLAG_KEYS.includes(name) ? Boolean(value) : value;
  }
  return filled as ModuleAnnotations;
}
