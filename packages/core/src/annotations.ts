import {
  createDefaultAnnotations,
  DEFAULT_ANNOTATIONS,
  type ModuleAnnotations,
} from './contract.js';
import { isRecord } from './module-like.js';
import { setOwnEntry } from './own-entry.js';

/** snake_case spellings other apcore runtimes use, mapped to ours. */
const SNAKE_CASE_KEYS: ReadonlyMap<string, string> = new Map([
  ['requires_approval', 'requiresApproval'],
  ['open_world', 'openWorld'],
]);

const FLAG_KEYS: ReadonlySet<string> = new Set(Object.keys(DEFAULT_ANNOTATIONS));

/**
 * Complete annotations: the declared values over {@link DEFAULT_ANNOTATIONS}, flags coerced to
 * booleans, snake_case spellings accepted, further keys kept as they are (a key named
 * `__proto__` as a plain key, never as the prototype).
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
    const value = declared[key];
    if (value === undefined) continue;
    const name = SNAKE_CASE_KEYS.get(key) ?? key;
    setOwnEntry(filled, name, FLAG_KEYS.has(name) ? Boolean(value) : value);
  }
  return filled as ModuleAnnotations;
}
