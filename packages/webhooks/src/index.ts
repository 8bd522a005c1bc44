// The public API of @apcore-mcp/webhooks: any new export added here becomes public API — named
// exports, no wildcards.
export { type CallbackUrlCheck, checkCallbackUrl } from './callback-url.js';
export {
  createWebhookSender,
  type WebhookMessage,
  type WebhookSender,
  type WebhookSenderOptions,
} from './create-webhook-sender.js';
export type { DeliveryErrorCategory, DeliveryOutcome } from './delivery-outcome.js';
export type { ResolvedAddress, WebhookLookup } from './resolve-destination.js';
export { WEBHOOK_RETRY_SCHEDULE, webhookRetryDelayMs } from './retry-schedule.js';
export { isSpecialPurposeAddress } from './special-addresses.js';
export { isWebhookSecret, WEBHOOK_SECRET_RULE } from './webhook-secret.js';
export type {
  WebhookBody,
  WebhookError,
  WebhookEventBody,
  WebhookGapBody,
  WebhookTerminatedBody,
  WebhookVerificationBody,
} from './wire-bodies.js';
