const SECRET_PREFIX = 'whsec_';
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether `secret` is a webhook secret the SEP accepts: `whsec_` then the standard base64 of
 * 24 to 64 random bytes. The subscriber makes it; a server never does.
 *
 * @example
 * ```ts
 * isWebhookSecret(`whsec_${randomBytes(32).toString('base64')}`); // true
 * isWebhookSecret('whsec_short'); // false
 * ```
 */
export function isWebhookSecret(secret: unknown): secret is string {
  if (typeof secret !== 'string' || !secret.startsWith(SECRET_PREFIX)) return false;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) return false;
  const bytes = Buffer.from(encoded, 'base64').length;
  return bytes >= MIN_KEY_BYTES && bytes <= MAX_KEY_BYTES;
}

/** Why {@link isWebhookSecret} refuses, worded for a subscriber's `InvalidParams`. */
export const WEBHOOK_SECRET_RULE = `delivery.secret must be "${SECRET_PREFIX}" followed by the base64 of ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} random bytes`;
