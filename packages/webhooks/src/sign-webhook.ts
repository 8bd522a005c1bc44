import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks headers of one attempt: `webhook-id`, `webhook-timestamp` (Unix
 * seconds, `at`) and `webhook-signature` with one `v1,` signature per secret, space-separated,
 * so that a receiver still holding the previous secret accepts deliveries during a rotation.
 * Signed by the `standardwebhooks` library; each attempt signs afresh.
 *
 * @example
 * ```ts
 * signatureHeaders({ webhookId: 'evt_1', body: '{}', secrets: [current, previous], at: new Date() });
 * ```
 */
export function signatureHeaders(message: {
  readonly webhookId: string;
  readonly body: string;
  readonly secrets: readonly string[];
  readonly at: Date;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const { webhookId, body, at } = message;
  const signatures = [...new Set(message.secrets)].map((secret) =>
    new Webhook(secret).sign(webhookId, at, body),
  );
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
