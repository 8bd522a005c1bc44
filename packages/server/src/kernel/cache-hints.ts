import { describeValue } from './describe-value.js';
import { InvalidOptionError } from './invalid-option-error.js';

/** The list and read requests whose results may carry a cache hint. */
const CACHEABLE_METHODS = [
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
] as const;

/**
 * How long, and for whom, a 2026-07-28 client may reuse one kind of result: `ttlMs` (0: do not
 * reuse) and `cacheScope` (`'private'`, the default: this user only; `'public'`: anyone).
 *
 * @example
 * ```ts
 * const hint: CacheHintOption = { ttlMs: 60_000, cacheScope: 'public' };
 * ```
 */
export type CacheHintOption = { ttlMs: number; cacheScope?: 'public' | 'private' };

/**
 * The `cacheHints` option: a hint per request kind. Sent to 2026-07-28 clients as the result's
 * `ttlMs` / `cacheScope` (and on `server/discover`); never sent to 2025-11-25 clients.
 *
 * @example
 * ```ts
 * const cacheHints: CacheHints = { 'tools/list': { ttlMs: 60_000 } };
 * ```
 */
export type CacheHints = Partial<Record<(typeof CACHEABLE_METHODS)[number], CacheHintOption>>;

/**
 * Checks the `cacheHints` option: known request kinds, `ttlMs` a whole number >= 0, `cacheScope`
 * `'public'` or `'private'`. Returns a copy, so later changes to the caller's object do nothing.
 *
 * @throws {InvalidOptionError} naming the offending entry.
 * @example
 * ```ts
 * resolveCacheHints({ 'tools/list': { ttlMs: 1000 } });
 * ```
 */
export function resolveCacheHints(value: unknown): CacheHints | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({ option: 'cacheHints', value, expected: 'an object' });
  }
  const hints: CacheHints = {};
  for (const [method, hint] of Object.entries(value)) {
    if (!(CACHEABLE_METHODS as readonly string[]).includes(method)) {
      throw new InvalidOptionError({
        option: `cacheHints.${method}`,
        value: hint,
        expected: `a hint for one of: ${CACHEABLE_METHODS.join(', ')}`,
        sentence: [
          { option: 'cacheHints' },
          `: unknown request '${method}'. Known: ${CACHEABLE_METHODS.join(', ')}`,
        ],
      });
    }
    hints[method as keyof CacheHints] = resolveHint(method, hint);
  }
  return hints;
}

function resolveHint(method: string, hint: unknown): CacheHintOption {
  const { ttlMs, cacheScope } = (hint ?? {}) as { ttlMs?: unknown; cacheScope?: unknown };
  if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) {
    throw new InvalidOptionError({
      option: `cacheHints.${method}.ttlMs`,
      value: ttlMs,
      expected: 'a whole number >= 0',
      sentence: [
        { option: 'cacheHints' },
        `['${method}'].ttlMs must be a whole number >= 0, got ${describeValue(ttlMs)}`,
      ],
    });
  }
  if (cacheScope !== undefined && cacheScope !== 'public' && cacheScope !== 'private') {
    throw new InvalidOptionError({
      option: `cacheHints.${method}.cacheScope`,
      value: cacheScope,
      expected: "'public' or 'private'",
      sentence: [
        { option: 'cacheHints' },
        `['${method}'].cacheScope must be 'public' or 'private', got ${describeValue(cacheScope)}`,
      ],
    });
  }
  return cacheScope === undefined ? { ttlMs } : { ttlMs, cacheScope };
}
