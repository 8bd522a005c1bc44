import type {
  EventId,
  EventStore,
  JSONRPCMessage,
  RequestId,
  StreamId,
} from '@modelcontextprotocol/server';

/** How many events a session keeps for replay: the newest ones, whatever their stream. */
const SESSION_EVENTS_KEPT = 100;

/**
 * What a 2025-11-25 client is told to wait before it reconnects to a stream that closed early
 * (the `retry:` field of the priming event, in milliseconds).
 *
 * @example
 * ```ts
 * new NodeStreamableHTTPServerTransport({ eventStore: new SessionEventLog(), retryInterval: SSE_RETRY_MS });
 * ```
 */
export const SSE_RETRY_MS = 1000;

interface StoredEvent {
  readonly sequence: number;
  readonly streamId: StreamId;
  readonly message: JSONRPCMessage;
}

/**
 * The event store of one 2025-11-25 Streamable HTTP session. Giving the SDK's transport an event
 * store is what makes it open every POST event stream with the priming event of SEP-1699 (an
 * event id and empty data, plus `retry:`), and answer a `GET` with `Last-Event-ID` with the
 * events of that stream sent after it. The log lives and dies with its session and keeps only
 * the newest {@link SESSION_EVENTS_KEPT} events, so a busy session holds a bounded number of
 * messages; a client that resumes later than that gets the stream's events still kept. A stream
 * delivered in full is never resumed: {@link SessionEventLog.forgetStreamsAnswering} drops its
 * events as soon as it ended, so a session holds only what a broken stream may still ask for.
 *
 * An event id is `<stream id>:<sequence>`: unique within the session (the sequence only grows)
 * and naming its stream, as the spec asks.
 *
 * @example
 * ```ts
 * new NodeStreamableHTTPServerTransport({ sessionIdGenerator, eventStore: new SessionEventLog(), retryInterval: SSE_RETRY_MS });
 * ```
 */
export class SessionEventLog implements EventStore {
  readonly #events: StoredEvent[] = [];
  readonly #kept: number;
  #sequence = 0;

  constructor(kept: number = SESSION_EVENTS_KEPT) {
    this.#kept = kept;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.#sequence += 1;
    this.#events.push({ sequence: this.#sequence, streamId, message });
    if (this.#events.length > this.#kept) this.#events.shift();
    return `${streamId}:${this.#sequence}`;
  }

  /**
   * Drops every event of the streams that carried the answers to `requestIds`: their HTTP
   * responses ended after the answers were written, so no client will resume them.
   */
  forgetStreamsAnswering(requestIds: readonly RequestId[]): void {
    const delivered = new Set<StreamId>();
    for (const requestId of requestIds) {
      const answer = this.#events.findLast((event) => isAnswerTo(event.message, requestId));
      if (answer !== undefined) delivered.add(answer.streamId);
    }
    if (delivered.size === 0) return;
    const kept = this.#events.filter((event) => !delivered.has(event.streamId));
    this.#events.splice(0, this.#events.length, ...kept);
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.#parse(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.#parse(lastEventId);
    if (last === undefined) return '';
    // A copy: sending may store new events while we walk.
    for (const event of [...this.#events]) {
      if (event.streamId !== last.streamId || event.sequence <= last.sequence) continue;
      // The priming event (`{}`) carries no message: it only gave the client an id.
      if (!('jsonrpc' in event.message)) continue;
      await send(`${event.streamId}:${event.sequence}`, event.message);
    }
    return last.streamId;
  }

  /** The stream and sequence of an id this log issued; `undefined` for any other string. */
  #parse(eventId: EventId): { streamId: StreamId; sequence: number } | undefined {
    const match = /^(.+):([1-9][0-9]{0,15})$/.exec(eventId);
    const sequence = Number(match?.[2]);
    if (match?.[1] === undefined || sequence > this.#sequence) return undefined;
    return { streamId: match[1], sequence };
  }
}

/** Whether `message` is the result or error answering the request `requestId`. */
function isAnswerTo(message: JSONRPCMessage, requestId: RequestId): boolean {
  return 'id' in message && message.id === requestId && ('result' in message || 'error' in message);
}
