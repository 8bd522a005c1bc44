import type { EventLog } from '@apcore-mcp/core/bridge';
import type { EventCursors } from './event-cursor.js';

/**
 * Where a subscription starts reading a type's log, and whether that skips occurrences the
 * cursor asked for (`truncated`).
 *
 * @example
 * ```ts
 * const start: StartPosition = { after: '12', truncated: false, notBeforeMs: undefined };
 * ```
 */
export interface StartPosition {
  /** Read the occurrences after this position. */
  after: string;
  /** The cursor asked for more than is kept (or was forged, of another type, of another epoch). */
  truncated: boolean;
  /** Leave out what was stored before this instant (`maxAgeMs`). */
  notBeforeMs: number | undefined;
}

/**
 * Reads a request's cursor (SEP-3415 cursor rules): `null` starts from now (`maxAgeMs`
 * ignored); one of ours starts after its position (no earlier than `now - maxAgeMs`); any
 * other (forged, another type's, another epoch's) is a gap: from now, `truncated` — never a
 * read from the start.
 *
 * @example
 * ```ts
 * const start = await startPosition({ log, cursors }, 'stock.low', params.cursor, params.maxAgeMs);
 * ```
 */
export async function startPosition(
  parts: { log: EventLog; cursors: EventCursors },
  name: string,
  cursor: string | null,
  maxAgeMs: number | undefined,
): Promise<StartPosition> {
  const { log, cursors } = parts;
  if (cursor === null) {
    return { after: await log.head(name), truncated: false, notBeforeMs: undefined };
  }
  const point = cursors.read(cursor, name, log.epoch);
  if (point === undefined) {
    return { after: await log.head(name), truncated: true, notBeforeMs: undefined };
  }
  return {
    after: point.position,
    // An inclusive point (a webhook watermark) asks for its own occurrence too, which a read
    // "after" cannot give: say so rather than lose it silently.
    truncated: point.inclusive,
    notBeforeMs: maxAgeMs === undefined ? undefined : Date.now() - maxAgeMs,
  };
}
