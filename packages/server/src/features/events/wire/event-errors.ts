// The errors the events extension names (SEP-3415): general-purpose codes in JSON-RPC's
// implementation-defined server range, each with a typed `data`. Kept in this one file.
import { ProtocolError } from '@modelcontextprotocol/server';

/** The JSON-RPC codes of the events errors, by their names in the SEP. */
export const EVENT_ERROR_CODES = {
  invalidParams: -32602,
  notFound: -32011,
  forbidden: -32012,
  resourceExhausted: -32013,
  unsupported: -32014,
  callbackEndpointError: -32015,
} as const;

/** Params that break the method's shape or the type's `inputSchema`. */
export function invalidEventParams(reason: string, field?: string): ProtocolError {
  return new ProtocolError(EVENT_ERROR_CODES.invalidParams, `Invalid params: ${reason}`, {
    ...(field === undefined ? {} : { field }),
    reason,
  });
}

/** An event type the caller may not see (existence is not revealed), or a subscription not found. */
export function eventNotFound(kind: 'event' | 'subscription', name: string): ProtocolError {
  const what = kind === 'event' ? `Unknown event type ${name}` : 'Subscription not found';
  return new ProtocolError(EVENT_ERROR_CODES.notFound, what, { kind });
}

/** A request the caller may not make (webhooks without authentication). */
export function eventForbidden(reason: string): ProtocolError {
  return new ProtocolError(EVENT_ERROR_CODES.forbidden, `Forbidden: ${reason}`, { reason });
}

/**
 * A per-subject or total cap that one more stream or subscription would pass, or a rate one
 * more verification challenge would (`verifications`, with the wait in `retryAfterMs`).
 */
export function eventResourceExhausted(
  limit: 'streams' | 'subscriptions' | 'endpoints' | 'verifications',
  max: number,
  retryAfterMs?: number,
): ProtocolError {
  const message =
    limit === 'verifications'
      ? `Too many verifications of this callback host (at most ${max} a minute)`
      : `Too many ${limit} (at most ${max})`;
  return new ProtocolError(EVENT_ERROR_CODES.resourceExhausted, message, {
    limit,
    max,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/** A delivery mode the type or the server does not offer. */
export function eventUnsupported(feature: string, value: string): ProtocolError {
  return new ProtocolError(EVENT_ERROR_CODES.unsupported, `Unsupported ${feature}: ${value}`, {
    feature,
    value,
  });
}

/** A callback endpoint that failed its verification; `reason` is a delivery error category. */
export function callbackEndpointError(reason: string): ProtocolError {
  return new ProtocolError(
    EVENT_ERROR_CODES.callbackEndpointError,
    `The callback endpoint failed verification (${reason})`,
    { reason },
  );
}
