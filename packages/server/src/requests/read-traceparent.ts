/**
 * A W3C Trace Context `traceparent` of version 00: `00-<trace id>-<parent id>-<flags>`, lowercase
 * hex only, nothing after the flags (a version 00 header has exactly four fields).
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** All-zero ids are invalid (W3C Trace Context). */
const INVALID_TRACE_ID = '0'.repeat(32);
const INVALID_PARENT_ID = '0'.repeat(16);

/**
 * The trace id of a W3C `traceparent` (version 00, lowercase, neither id all zeros), or
 * `undefined` for anything else: a malformed header is ignored, as the specification asks, and
 * the call gets a fresh trace id of its own.
 *
 * @example
 * ```ts
 * readTraceparentTraceId('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
 * // '4bf92f3577b34da6a3ce929d0e0e4736'
 * readTraceparentTraceId('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01'); // undefined
 * ```
 */
export function readTraceparentTraceId(traceparent: string): string | undefined {
  const match = TRACEPARENT.exec(traceparent);
  if (match === null) return undefined;
  const [, traceId, parentId] = match;
  return traceId === INVALID_TRACE_ID || parentId === INVALID_PARENT_ID ? undefined : traceId;
}
