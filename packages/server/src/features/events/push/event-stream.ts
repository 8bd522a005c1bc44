import type { EventLog, LoggedEvent } from '@apcore-mcp/core/bridge';
import { matchesSubscription } from '../catalog/argument-match.js';
import type { ServedEventType } from '../catalog/event-catalog.js';
import type { EventCursors } from '../log/event-cursor.js';
import { startPosition } from '../log/start-position.js';
import { toOccurrence } from '../poll/poll-events.js';
import { EVENT_ERROR_CODES } from '../wire/event-errors.js';
import { EVENT_NOTIFICATIONS, SUBSCRIPTION_ID_META_KEY } from '../wire/events-wire.js';

/** How many stored occurrences one read of the backlog takes. */
const BACKLOG_PAGE = 100;

/** Sends one notification of the stream (the SDK's `ctx.mcpReq.notify`). */
export type StreamNotify = (notification: {
  method: string;
  params: Record<string, unknown>;
}) => Promise<void>;

/**
 * What one `events/stream` needs: the subscription, where to start, how to tell the client,
 * when to stop (the client went away: `signal`; the server drains: `closing`), and whether the
 * caller may still see the type (asked at each heartbeat).
 *
 * @example
 * ```ts
 * await runEventStream({ log, cursors }, { served, args, subject, cursor, maxAgeMs, subscriptionId, notify, signal, closing, heartbeatMs, stillVisible });
 * ```
 */
export interface EventStreamRequest {
  served: ServedEventType;
  args: Record<string, unknown>;
  subject: string;
  cursor: string | null;
  maxAgeMs: number | undefined;
  subscriptionId: string | number;
  notify: StreamNotify;
  signal: AbortSignal;
  closing: AbortSignal;
  heartbeatMs: number;
  stillVisible: () => boolean;
}

/**
 * One push subscription: `active` (the start cursor, whether it skipped occurrences), the
 * backlog after the cursor, then each new occurrence as it is appended (on any instance the
 * log is shared with), a `heartbeat` every `heartbeatMs` carrying the position checked up to,
 * and `terminated` once the caller may no longer see the type. Resolves, with the final
 * frame's result, when the client goes away, the server drains, or the subscription ends.
 *
 * @example
 * ```ts
 * return runEventStream(parts, request); // { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } }
 * ```
 */
export async function runEventStream(
  parts: { log: EventLog; cursors: EventCursors },
  request: EventStreamRequest,
): Promise<Record<string, unknown>> {
  const stream = new StreamState(parts, request);
  const live: LoggedEvent[] = [];
  let wake: () => void = () => {};
  const stopTail = parts.log.tail([request.served.type.name], (event) => {
    live.push(event);
    wake();
  });
  const ended = new Promise<void>((resolve) => {
    const end = () => resolve();
    request.signal.addEventListener('abort', end, { once: true });
    request.closing.addEventListener('abort', end, { once: true });
    if (request.signal.aborted || request.closing.aborted) end();
  });
  const heartbeat = setInterval(() => stream.beat().then(wake, wake), request.heartbeatMs);
  try {
    await stream.start();
    while (!stream.over) {
      const next = live.shift();
      if (next !== undefined) {
        await stream.send(next);
        continue;
      }
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      await Promise.race([woken, ended]);
      if (request.signal.aborted || request.closing.aborted) break;
    }
  } finally {
    clearInterval(heartbeat);
    stopTail();
  }
  return { _meta: { [SUBSCRIPTION_ID_META_KEY]: request.subscriptionId } };
}

/** Where one stream stands: the cursor it reached, the backlog ids, whether it is over. */
class StreamState {
  readonly #parts: { log: EventLog; cursors: EventCursors };
  readonly #request: EventStreamRequest;
  readonly #replay: boolean;
  /** The ids the backlog sent, so that the tail does not send them twice. */
  readonly #sentFromBacklog = new Set<string>();
  #position = '0';
  over = false;

  constructor(parts: { log: EventLog; cursors: EventCursors }, request: EventStreamRequest) {
    this.#parts = parts;
    this.#request = request;
    this.#replay = request.served.type.replay;
  }

  /** `active`, then the backlog after the cursor. */
  async start(): Promise<void> {
    const { log } = this.#parts;
    const { served, cursor, maxAgeMs } = this.#request;
    const name = served.type.name;
    if (!this.#replay) {
      await this.#notify(EVENT_NOTIFICATIONS.active, { cursor: null, truncated: false });
      return;
    }
    const start = await startPosition(this.#parts, name, cursor, maxAgeMs);
    const floor = start.notBeforeMs === undefined ? {} : { notBeforeMs: start.notBeforeMs };
    let read = await log.read(name, start.after, { limit: BACKLOG_PAGE, ...floor });
    this.#position = start.after;
    await this.#notify(EVENT_NOTIFICATIONS.active, {
      cursor: this.#cursor(),
      truncated: start.truncated || read.truncated,
    });
    for (;;) {
      for (const event of read.events) {
        await this.send(event);
        this.#sentFromBacklog.add(event.eventId);
      }
      this.#position = read.next;
      if (!read.more || this.#request.signal.aborted) return;
      read = await log.read(name, read.next, { limit: BACKLOG_PAGE, ...floor });
    }
  }

  /** One occurrence, when the subscription takes it (arguments, audience). */
  async send(event: LoggedEvent): Promise<void> {
    if (this.over) return;
    if (this.#sentFromBacklog.delete(event.eventId)) return;
    if (this.#replay) this.#position = event.position;
    const { served, args, subject } = this.#request;
    if (!matchesSubscription(served.type, args, event, subject)) return;
    await this.#notify(EVENT_NOTIFICATIONS.event, {
      ...toOccurrence(event),
      cursor: this.#cursor(),
    });
  }

  /** A heartbeat, or `terminated` when the caller may no longer see the type. */
  async beat(): Promise<void> {
    if (this.over) return;
    if (!this.#request.stillVisible()) {
      this.over = true;
      await this.#notify(EVENT_NOTIFICATIONS.terminated, {
        error: {
          code: EVENT_ERROR_CODES.forbidden,
          message: 'Forbidden: the subscriber may no longer see this event type',
          data: { reason: 'access_revoked' },
        },
      });
      return;
    }
    await this.#notify(EVENT_NOTIFICATIONS.heartbeat, { cursor: this.#cursor() });
  }

  #cursor(): string | null {
    if (!this.#replay) return null;
    const { log, cursors } = this.#parts;
    const name = this.#request.served.type.name;
    return cursors.mint({ name, epoch: log.epoch, position: this.#position, inclusive: false });
  }

  async #notify(method: string, params: Record<string, unknown>): Promise<void> {
    const _meta = { [SUBSCRIPTION_ID_META_KEY]: this.#request.subscriptionId };
    await this.#request.notify({ method, params: { ...params, _meta } });
  }
}
