import { InvalidInputError } from '@apcore-mcp/core';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const PERIOD = /^([1-9][0-9]{0,4})([mhd])$/;

/**
 * When a `system.usage.*` period starts, in epoch ms: `all` (the default) from the start,
 * `30m`, `24h`, `7d` back from `now`.
 *
 * @throws {InvalidInputError} for any other value.
 * @example
 * ```ts
 * periodStart('24h', Date.now()); // a day ago
 * ```
 */
export function periodStart(period: unknown, now: number): number {
  if (period === undefined || period === 'all') return 0;
  const match = typeof period === 'string' ? PERIOD.exec(period) : null;
  if (match === null) {
    throw new InvalidInputError(
      "period must be 'all' or a count of minutes, hours or days such as 30m, 24h, 7d",
    );
  }
  return now - Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
