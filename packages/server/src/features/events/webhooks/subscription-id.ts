import { createHash } from 'node:crypto';
import { argumentsKey } from '../catalog/argument-match.js';

/**
 * The id of a webhook subscription: a hash of its key `(principal, url, name, arguments)`,
 * arguments in canonical JSON, so the same subscription keeps its id across refreshes and
 * restarts. Routing only: never read back as input.
 *
 * @example
 * ```ts
 * subscriptionIdOf({ principal: 'ann', url, name: 'stock.low', args: { sku: 'A' } }); // 'sub_…'
 * ```
 */
export function subscriptionIdOf(key: {
  principal: string;
  url: string;
  name: string;
  args: Readonly<Record<string, unknown>>;
}): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([key.principal, key.url, key.name, argumentsKey(key.args)]))
    .digest('hex');
  return `sub_${hash.slice(0, 32)}`;
}

/** The least lifetime granted, and the default when none is asked for. */
export const WEBHOOK_TTL_FLOOR_MS = 60_000;
const DEFAULT_TTL_MS = 3_600_000;

/**
 * The lifetime granted for an asked `ttlMs`: absent, the lesser of an hour and the cap; `null`
 * (no expiry) is never granted: the cap; else clamped between a minute (or the cap, when
 * lower) and the cap.
 *
 * @example
 * ```ts
 * grantTtlMs(10, 86_400_000); // 60_000
 * ```
 */
export function grantTtlMs(asked: number | null | undefined, capMs: number): number {
  if (asked === undefined) return Math.min(DEFAULT_TTL_MS, capMs);
  if (asked === null) return capMs;
  return Math.max(Math.min(WEBHOOK_TTL_FLOOR_MS, capMs), Math.min(asked, capMs));
}
