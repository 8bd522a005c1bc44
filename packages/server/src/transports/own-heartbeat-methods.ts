import { isRecord } from '@apcore-mcp/core/bridge';

/**
 * Requests whose event stream keeps itself alive with data frames, so it must carry no SSE
 * keep-alive comment: `events/stream` (the events extension) sends `notifications/events/heartbeat`
 * with the cursor, and its text rules the comment form out, since a comment carries no cursor.
 */
const OWN_HEARTBEAT_METHODS: ReadonlySet<string> = new Set(['events/stream']);

/**
 * Whether the parsed body is a request that heartbeats on its own stream.
 *
 * @example
 * ```ts
 * carriesOwnHeartbeat({ jsonrpc: '2.0', id: 1, method: 'events/stream', params }); // true
 * ```
 */
export function carriesOwnHeartbeat(body: unknown): boolean {
  return (
    isRecord(body) && typeof body.method === 'string' && OWN_HEARTBEAT_METHODS.has(body.method)
  );
}
