import { type CallbackUrlCheck, checkCallbackUrl } from './callback-url.js';
import { type DeliveryOutcome, failedOutcome, outcomeOfStatus } from './delivery-outcome.js';
import { postRequest } from './post-request.js';
import { resolveDestination, systemLookup, type WebhookLookup } from './resolve-destination.js';
import { signatureHeaders } from './sign-webhook.js';
import { answersChallenge, createChallenge, VERIFICATION_READ_LIMIT } from './verification.js';
import { isWebhookSecret, WEBHOOK_SECRET_RULE } from './webhook-secret.js';
import type { WebhookBody } from './wire-bodies.js';

/**
 * How a {@link WebhookSender} reaches callback URLs.
 *
 * @example
 * ```ts
 * const options: WebhookSenderOptions = { timeoutMs: 5000 };
 * ```
 */
export interface WebhookSenderOptions {
  /** Allow `http:` to `localhost` and loopback addresses (local development). Default false. */
  readonly allowHttpLoopback?: boolean;
  /** Allow private, loopback and other non-global addresses. Default false. */
  readonly allowPrivate?: boolean;
  /** Deadline of one attempt: connect, send, read the answer. Default 5000 ms. */
  readonly timeoutMs?: number;
  /** The `User-Agent` header. Default `apcore-mcp-webhooks`. */
  readonly userAgent?: string;
  /** Resolves host names before each POST. Default: the system resolver. */
  readonly lookup?: WebhookLookup;
  /** Extra PEM certificate authorities trusted besides Node's roots (a private CA). */
  readonly ca?: string | readonly string[];
}

/**
 * What identifies and signs one POST.
 *
 * @example
 * ```ts
 * const message: WebhookMessage = { webhookId: 'evt_1', subscriptionId: 'sub_1', secrets: [secret] };
 * ```
 */
export interface WebhookMessage {
  /** `webhook-id`: the event id for events, `msg_<type>_<random>` for control bodies. */
  readonly webhookId: string;
  /** `X-MCP-Subscription-Id`: which subscription this is for. */
  readonly subscriptionId: string;
  /**
   * The current secret first, then any previous one still in its grace period; each must pass
   * `isWebhookSecret` (a `TypeError` otherwise: they are checked when a subscription is made).
   */
  readonly secrets: readonly string[];
}

/**
 * Sends signed webhook POSTs to callback URLs, guarded against server-side request forgery.
 *
 * @example
 * ```ts
 * const sender = createWebhookSender({});
 * const outcome = await sender.post(url, body, { webhookId: body.eventId, subscriptionId, secrets: [secret] });
 * ```
 */
export interface WebhookSender {
  /** Whether a callback URL may be subscribed (https, no credentials, no literal private address). */
  checkUrl(url: string): CallbackUrlCheck;
  /** The handshake before the first delivery: POSTs a signed challenge, expects it echoed. */
  verify(url: string, secret: string, subscriptionId: string): Promise<DeliveryOutcome>;
  /** One delivery attempt, signed now. `body` is a wire body or its JSON text. */
  post(url: string, body: WebhookBody | string, message: WebhookMessage): Promise<DeliveryOutcome>;
}

/**
 * Creates a {@link WebhookSender}. Every POST (verification included) re-checks the URL,
 * resolves the host and refuses non-global addresses unless `allowPrivate`, connects to the
 * checked address with the original Host and TLS server name, follows no redirect, and ends
 * at `timeoutMs`.
 *
 * @example
 * ```ts
 * const sender = createWebhookSender({ allowHttpLoopback: true, allowPrivate: true });
 * const checked = sender.checkUrl('http://127.0.0.1:9000/hook');
 * ```
 */
export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const rules = {
    allowHttpLoopback: options.allowHttpLoopback ?? false,
    allowPrivate: options.allowPrivate ?? false,
  };
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.timeoutMs ?? 5000;
  const userAgent = options.userAgent ?? 'apcore-mcp-webhooks';
  const ca = typeof options.ca === 'string' ? [options.ca] : options.ca;

  async function send(url: string, body: string, message: WebhookMessage, readLimit: number) {
    // Secrets are checked when a subscription is made; one that is not is a caller's bug.
    if (message.secrets.length === 0 || !message.secrets.every(isWebhookSecret)) {
      throw new TypeError(`Cannot sign a webhook: ${WEBHOOK_SECRET_RULE}`);
    }
    const checked = checkCallbackUrl(url, rules);
    if (!checked.ok) return { failure: 'connection_refused' as const };
    const destination = await resolveDestination(checked.url, { ...rules, lookup });
    if (destination === undefined) return { failure: 'connection_refused' as const };
    const headers = {
      'content-type': 'application/json',
      'user-agent': userAgent,
      'x-mcp-subscription-id': message.subscriptionId,
      ...signatureHeaders({ ...message, body, at: new Date() }),
    };
    return postRequest({ url: checked.url, destination, headers, body, timeoutMs, readLimit, ca });
  }

  return {
    checkUrl: (url) => checkCallbackUrl(url, rules),

    async verify(url, secret, subscriptionId) {
      const { body, webhookId } = createChallenge();
      const message = { webhookId, subscriptionId, secrets: [secret] };
      const answer = await send(url, JSON.stringify(body), message, VERIFICATION_READ_LIMIT);
      if ('failure' in answer) return failedOutcome(answer.failure);
      const echoed =
        outcomeOfStatus(answer.status).ok && answersChallenge(answer.body, body.challenge);
      return echoed
        ? { ok: true, status: answer.status }
        : { ok: false, category: 'challenge_failed', retry: false, status: answer.status };
    },

    async post(url, body, message) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const answer = await send(url, text, message, 0);
      return 'failure' in answer ? failedOutcome(answer.failure) : outcomeOfStatus(answer.status);
    },
  };
}
