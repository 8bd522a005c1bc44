import { createHash } from 'node:crypto';

/**
 * The BullMQ job id of one (subscription, event) delivery: the same for every instance that
 * fans the occurrence out again, so BullMQ keeps one job. BullMQ refuses `:` in ids, and an
 * eventId is a client's text, so it is hashed.
 *
 * @example
 * ```ts
 * deliveryJobId('sub_1', 'evt_1'); // 'sub_1.<32 hex>'
 * ```
 */
export function deliveryJobId(subscriptionId: string, eventId: string): string {
  const hash = createHash('sha256').update(eventId).digest('hex').slice(0, 32);
  return `${subscriptionId.replaceAll(':', '_')}.${hash}`;
}
