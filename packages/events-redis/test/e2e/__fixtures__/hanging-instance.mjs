// An instance whose receiver never answers: it delivers (from the built package) and says on
// stdout which event it is delivering, so a test can kill it in the middle of the delivery.
import { createRedisEventBackend } from '../../../dist/index.js';

const [url, prefix, attempts = '5'] = process.argv.slice(2);
const backend = await createRedisEventBackend({
  connection: url,
  prefix,
  lockDurationMs: 1000,
  attempts: Number(attempts),
  timeoutMs: 600_000,
});
backend.webhooks.delivery.start({
  select: (_event, live) => live,
  deliver(subscription, job, attempt) {
    const line = { subscriptionId: subscription.id, eventId: job.event.eventId, attempt };
    process.stdout.write(`${JSON.stringify({ delivering: line })}\n`);
    return new Promise(() => {});
  },
});
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
