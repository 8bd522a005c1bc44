import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebhookVerificationBody } from './wire-bodies.js';

/** The most of a verification answer read: `{"challenge":"…"}` is a few dozen bytes. */
export const VERIFICATION_READ_LIMIT = 64 * 1024;

/**
 * A fresh, single-use challenge: the verification body and the `webhook-id` to send it under.
 *
 * @example
 * ```ts
 * const { body, webhookId } = createChallenge();
 * ```
 */
export function createChallenge(): { body: WebhookVerificationBody; webhookId: string } {
  return {
    body: { type: 'verification', challenge: randomBytes(32).toString('base64url') },
    webhookId: `msg_verification_${randomBytes(16).toString('hex')}`,
  };
}

/**
 * Whether a receiver's answer body echoes the challenge: JSON `{"challenge": "<nonce>"}`,
 * compared in constant time.
 *
 * @example
 * ```ts
 * answersChallenge('{"challenge":"abc"}', 'abc'); // true
 * ```
 */
export function answersChallenge(answer: string | undefined, challenge: string): boolean {
  if (answer === undefined) return false;
  let echoed: unknown;
  try {
    echoed = (JSON.parse(answer) as { challenge?: unknown } | null)?.challenge;
  } catch {
    return false;
  }
  if (typeof echoed !== 'string') return false;
  const expected = Buffer.from(challenge);
  const received = Buffer.from(echoed);
  return received.length === expected.length && timingSafeEqual(received, expected);
}
