// Stream ids (`<ms>-<seq>`) are the positions of the Redis log. Two helpers order them: a
// comparison, and a fixed-width form whose text order is the id order (for sorted-set members).

/** A stream id's two numbers; `'0'` (an empty log's head) reads as `0-0`. */
function partsOf(id: string): [number, number] {
  const [ms = '0', seq = '0'] = id.split('-');
  return [Number(ms), Number(seq)];
}

/**
 * Orders two stream ids: negative when `a` comes first, 0 when equal.
 *
 * @example
 * ```ts
 * compareStreamIds('9-0', '10-0'); // < 0
 * ```
 */
export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = partsOf(a);
  const [bMs, bSeq] = partsOf(b);
  return aMs === bMs ? aSeq - bSeq : aMs - bMs;
}

/**
 * The stream id padded so that text order is id order (`9-0` before `10-0`).
 *
 * @example
 * ```ts
 * padStreamId('10-0'); // '000000000000010-0000000000'
 * ```
 */
export function padStreamId(id: string): string {
  const [ms, seq] = partsOf(id);
  return `${String(ms).padStart(15, '0')}-${String(seq).padStart(10, '0')}`;
}

/**
 * The stream id of a padded one.
 *
 * @example
 * ```ts
 * unpadStreamId('000000000000010-0000000000'); // '10-0'
 * ```
 */
export function unpadStreamId(padded: string): string {
  const [ms, seq] = partsOf(padded);
  return `${ms}-${seq}`;
}
