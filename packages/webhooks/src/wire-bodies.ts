/**
 * The bodies POSTed to a callback URL. An event body is the occurrence itself; control bodies
 * carry a top-level `type` so that a receiver tells them apart from events.
 */

/**
 * An occurrence as a webhook delivers it; `cursor` is the subscription's watermark, safe for
 * the subscriber to persist.
 *
 * @example
 * ```ts
 * const body: WebhookEventBody = { eventId: 'evt_1', name: 'stock.low', timestamp: new Date().toISOString(), data: { sku: 'A' }, cursor: null };
 * ```
 */
export interface WebhookEventBody {
  readonly eventId: string;
  readonly name: string;
  readonly timestamp: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly cursor: string | null;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/**
 * Events were skipped (retention or a replay ceiling): resume from `cursor`.
 *
 * @example
 * ```ts
 * const body: WebhookGapBody = { type: 'gap', cursor: 'c1.xyz' };
 * ```
 */
export interface WebhookGapBody {
  readonly type: 'gap';
  readonly cursor: string | null;
}

/**
 * The error of a subscription that is over (`code`, `message` and `data` as a JSON-RPC error).
 *
 * @example
 * ```ts
 * const error: WebhookError = { code: -32012, message: 'Forbidden', data: { reason: 'access revoked' } };
 * ```
 */
export interface WebhookError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * The subscription is over (access revoked, event type removed or changed).
 *
 * @example
 * ```ts
 * const body: WebhookTerminatedBody = { type: 'terminated', error: { code: -32012, message: 'Forbidden' } };
 * ```
 */
export interface WebhookTerminatedBody {
  readonly type: 'terminated';
  readonly error: WebhookError;
}

/**
 * The handshake before the first delivery: the receiver answers 2xx with `{"challenge": …}`.
 *
 * @example
 * ```ts
 * const body: WebhookVerificationBody = { type: 'verification', challenge: 'nonce' };
 * ```
 */
export interface WebhookVerificationBody {
  readonly type: 'verification';
  readonly challenge: string;
}

/**
 * Every body a webhook sender POSTs.
 *
 * @example
 * ```ts
 * const body: WebhookBody = { type: 'gap', cursor: null };
 * ```
 */
export type WebhookBody =
  | WebhookEventBody
  | WebhookGapBody
  | WebhookTerminatedBody
  | WebhookVerificationBody;
