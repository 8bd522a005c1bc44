import { readRequestClosedSignal } from '../../../kernel/call-extra.js';
import { resolveSubscription } from '../catalog/resolve-subscription.js';
import type { EventHandler, EventParts } from '../wire/event-handlers.js';
import { readSubscriptionParams } from '../wire/event-params.js';
import { runEventStream } from './event-stream.js';
import type { OpenStreams } from './open-streams.js';

/**
 * `events/stream`: checks the subscription (an invalid one is a JSON-RPC error, no stream),
 * takes a seat of the caller's streams, then runs the stream until the client goes away (HTTP
 * abort, `notifications/cancelled`) or the server drains.
 *
 * @example
 * ```ts
 * registerEventHandler(target, context, 'events/stream', answerStream(parts, streams, 15_000));
 * ```
 */
export function answerStream(
  parts: EventParts,
  streams: OpenStreams,
  heartbeatMs: number,
): EventHandler {
  return async (params, caller, ctx) => {
    const subscription = readSubscriptionParams(params);
    const served = resolveSubscription(parts, caller, { ...subscription, mode: 'push' });
    const seat = streams.open(caller.subject);
    const closed = readRequestClosedSignal({ authInfo: ctx.http?.authInfo });
    const signal =
      closed === undefined ? ctx.mcpReq.signal : AbortSignal.any([ctx.mcpReq.signal, closed]);
    try {
      return await runEventStream(parts, {
        served,
        args: subscription.args,
        subject: caller.subject,
        cursor: subscription.cursor,
        maxAgeMs: subscription.maxAgeMs,
        subscriptionId: ctx.mcpReq.id,
        notify: (notification) => ctx.mcpReq.notify(notification),
        signal,
        closing: seat.closing,
        heartbeatMs,
        stillVisible: () => parts.visibility.sees(served.type, caller.identity),
      });
    } finally {
      seat.release();
    }
  };
}
