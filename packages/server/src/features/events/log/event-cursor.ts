import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Where a cursor points: a type's log (`t`), the log's epoch (`e`), a position in it (`p`), and
 * whether the position itself is still to read (`i`, a webhook watermark) or only what follows.
 *
 * @example
 * ```ts
 * const point: CursorPoint = { name: 'stock.low', epoch, position: '12', inclusive: false };
 * ```
 */
export interface CursorPoint {
  name: string;
  epoch: string;
  position: string;
  inclusive: boolean;
}

const PREFIX = 'c1.';
/** 16 bytes of HMAC-SHA256: forging one is 2^128 work, and cursors stay short. */
const TAG_BYTES = 16;

/**
 * Mints and reads the opaque cursors of `events/*`: `c1.` + base64url(JSON) + `.` + a truncated
 * HMAC-SHA256 under the server's derived `events-cursor` key. Instances sharing the state key
 * read each other's cursors.
 *
 * @example
 * ```ts
 * const cursors = new EventCursors(runtime.deriveKey('events-cursor'));
 * cursors.read(cursors.mint(point), 'stock.low', epoch); // point
 * ```
 */
export class EventCursors {
  readonly #key: Uint8Array;

  constructor(key: Uint8Array) {
    this.#key = key;
  }

  mint(point: CursorPoint): string {
    const body = {
      t: point.name,
      e: point.epoch,
      p: point.position,
      ...(point.inclusive ? { i: 1 } : {}),
    };
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${PREFIX}${payload}.${this.#tag(payload).toString('base64url')}`;
  }

  /**
   * The point of `cursor` when it is ours, unaltered, of type `name` and of the log's current
   * `epoch`; `undefined` otherwise (the caller answers a gap, never a read from the start).
   */
  read(cursor: string, name: string, epoch: string): CursorPoint | undefined {
    if (!cursor.startsWith(PREFIX)) return undefined;
    const [payload, tag, extra] = cursor.slice(PREFIX.length).split('.');
    if (payload === undefined || tag === undefined || extra !== undefined) return undefined;
    const given = Buffer.from(tag, 'base64url');
    const expected = this.#tag(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const body = parseBody(payload);
    if (body === undefined || body.t !== name || body.e !== epoch) return undefined;
    return { name, epoch, position: body.p, inclusive: body.i === 1 };
  }

  #tag(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest().subarray(0, TAG_BYTES);
  }
}

function parseBody(payload: string): { t: string; e: string; p: string; i?: 1 } | undefined {
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof body !== 'object' || body === null) return undefined;
    const { t, e, p, i } = body as Record<string, unknown>;
    if (typeof t !== 'string' || typeof e !== 'string' || typeof p !== 'string') return undefined;
    return { t, e, p, ...(i === 1 ? { i } : {}) };
  } catch {
    return undefined;
  }
}
