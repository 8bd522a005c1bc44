import type { Identity } from '@apcore-mcp/core';
import type { EventLog } from '@apcore-mcp/core/bridge';
import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../../../requests/register-request-handler.js';
import type { RequestPipeline } from '../../../requests/request-pipeline.js';
import type { RequestAnswer } from '../../../requests/request-step.js';
import { revisionOfRequest } from '../../../revisions/pick-revision.js';
import { type EventCaller, eventCallerOf } from '../catalog/event-caller.js';
import type { EventCatalog } from '../catalog/event-catalog.js';
import type { EventVisibility } from '../catalog/event-visibility.js';
import { listEventTypes } from '../catalog/list-event-types.js';
import { resolveSubscription } from '../catalog/resolve-subscription.js';
import type { EventCursors } from '../log/event-cursor.js';
import { pollEvents } from '../poll/poll-events.js';
import {
  ANY_EVENT_PARAMS,
  readInteger,
  readListCursor,
  readSubscriptionParams,
} from './event-params.js';
import { EVENT_METHODS } from './events-wire.js';

/**
 * What the `events/*` handlers read: the catalog and who sees what, the log and its cursors,
 * and the bounds of the options.
 *
 * @example
 * ```ts
 * const parts: EventParts = { catalog, visibility, log, cursors, maxBatch: 100, pollIntervalMs: 2000 };
 * ```
 */
export interface EventParts {
  readonly catalog: EventCatalog;
  readonly visibility: EventVisibility;
  readonly log: EventLog;
  readonly cursors: EventCursors;
  readonly maxBatch: number;
  readonly pollIntervalMs: number;
}

/** A handler of one `events/*` method, given its params and its caller. */
export type EventHandler = (
  params: Record<string, unknown>,
  caller: EventCaller,
  ctx: ServerContext,
) => RequestAnswer | Promise<RequestAnswer>;

/**
 * Gives `target` one `events/*` (or this server's own) method, run through the request
 * pipeline, answering `-32601` on a revision without events (2025-11-25), as a server without
 * the extension does.
 *
 * @example
 * ```ts
 * registerEventHandler(target, { requests, identity }, 'events/list', (params, caller) => ...);
 * ```
 */
export function registerEventHandler(
  target: RequestHandlerTarget,
  context: { requests: RequestPipeline | undefined; identity: Identity | undefined },
  method: string,
  handler: EventHandler,
): void {
  registerRequestHandler(
    target,
    context.requests,
    method,
    { params: ANY_EVENT_PARAMS },
    (params, ctx) => {
      if (!revisionOfRequest(ctx).events) {
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
      }
      return handler(params, eventCallerOf(ctx, context.identity), ctx);
    },
  );
}

/**
 * `events/list` and `events/poll` on `target`.
 *
 * @example
 * ```ts
 * registerListAndPoll(target, context, parts);
 * ```
 */
export function registerListAndPoll(
  target: RequestHandlerTarget,
  context: { requests: RequestPipeline | undefined; identity: Identity | undefined },
  parts: EventParts,
): void {
  registerEventHandler(target, context, EVENT_METHODS.list, (params, caller) =>
    listEventTypes(parts, caller, readListCursor(params)),
  );
  registerEventHandler(target, context, EVENT_METHODS.poll, (params, caller) => {
    const subscription = readSubscriptionParams(params);
    const requested = readInteger(params, 'maxEvents', 1) ?? parts.maxBatch;
    const served = resolveSubscription(parts, caller, { ...subscription, mode: 'poll' });
    return pollEvents(parts, {
      served,
      args: subscription.args,
      subject: caller.subject,
      cursor: subscription.cursor,
      maxAgeMs: subscription.maxAgeMs,
      maxEvents: Math.min(requested, parts.maxBatch),
      nextPollMs: parts.pollIntervalMs,
    });
  });
}
