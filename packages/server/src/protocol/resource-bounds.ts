import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/**
 * A request refused because it goes over one of the server's bounds: a JSON-RPC error, invalid
 * params (-32602), whose message and `data` name the option and its limit.
 *
 * @example
 * ```ts
 * const refusal: BoundRefusal = { code: -32602, message, data: { option: 'maxResourceUriLength', limit: 2048 } };
 * ```
 */
export interface BoundRefusal {
  code: number;
  message: string;
  data: { option: string; limit: number };
}

/**
 * The refusal of a resource URI longer than `limit` characters (reads, subscriptions and listen
 * filters alike); `undefined` when it is within it. The URI itself is not repeated.
 *
 * @example
 * ```ts
 * const refusal = refuseLongUri(uri, 2048);
 * if (refusal !== undefined) throw toProtocolError(refusal);
 * ```
 */
export function refuseLongUri(uri: string, limit: number): BoundRefusal | undefined {
  if (uri.length <= limit) return undefined;
  return refusal(
    `Resource URI too long: ${uri.length} characters, the most maxResourceUriLength allows is ${limit}`,
    'maxResourceUriLength',
    limit,
  );
}

/**
 * The refusal of one more subscription: the 2025-11-25 session already holds `limit`, or a
 * 2026-07-28 listen request asks for more than `limit` URIs.
 *
 * @example
 * ```ts
 * throw toProtocolError(refuseSubscriptions({ limit: 100, listen: false }));
 * ```
 */
export function refuseSubscriptions(bound: { limit: number; listen: boolean }): BoundRefusal {
  const { limit, listen } = bound;
  const message = listen
    ? `Too many resource subscriptions in one listen request: the most maxSubscriptionsPerSession allows is ${limit}`
    : `Too many resource subscriptions: this session holds ${limit}, the most maxSubscriptionsPerSession allows; unsubscribe from one first`;
  return refusal(message, 'maxSubscriptionsPerSession', limit);
}

/**
 * The refusal of one more `subscriptions/listen` stream for a subject that holds `limit` open.
 *
 * @example
 * ```ts
 * sendJson(response, 200, { jsonrpc: '2.0', id, error: refuseListenStream(16) });
 * ```
 */
export function refuseListenStream(limit: number): BoundRefusal {
  return refusal(
    `Too many listen streams: this subject holds ${limit} open, the most maxListenStreamsPerSubject allows; close one first`,
    'maxListenStreamsPerSubject',
    limit,
  );
}

/**
 * `refusal` as the error an SDK handler throws.
 *
 * @example
 * ```ts
 * throw toProtocolError(refuseSubscriptions({ limit: 100, listen: false }));
 * ```
 */
export function toProtocolError(refusal: BoundRefusal): ProtocolError {
  return new ProtocolError(refusal.code, refusal.message, refusal.data);
}

function refusal(message: string, option: string, limit: number): BoundRefusal {
  return { code: ProtocolErrorCode.InvalidParams, message, data: { option, limit } };
}
