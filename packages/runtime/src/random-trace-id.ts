import { randomUUID } from 'node:crypto';

/**
 * A fresh random W3C trace id: 32 lowercase hex digits, never all zeros (a version 4 UUID
 * without its dashes: its version digit is a 4). `randomUUID` draws from a cache of random
 * bytes; `randomBytes(16)` costs some 3 µs an id, a tenth of a call's overhead.
 *
 * @example
 * ```ts
 * createRandomTraceId(); // e.g. '4bf92f3577b34da6a3ce929d0e0e4736'
 * ```
 */
export function createRandomTraceId(): string {
  return randomUUID().replaceAll('-', '');
}
