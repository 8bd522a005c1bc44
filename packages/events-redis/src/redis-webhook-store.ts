import type {
  DeliveryRecord,
  WebhookCaps,
  WebhookStore,
  WebhookSubscription,
  WebhookWatermark,
} from '@apcore-mcp/core/bridge';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './redis-keys.js';
import { RECORD_SCRIPT, REMOVE_SCRIPT, UPSERT_SCRIPT } from './store-scripts.js';
import { padStreamId, unpadStreamId } from './stream-ids.js';

type ScriptCommands = Redis & {
  upsertSubscription(...args: (string | number)[]): Promise<number>;
  removeSubscription(...args: string[]): Promise<number>;
  recordDelivery(...args: (string | number)[]): Promise<number>;
};

/** How long pending positions and the settled marker outlive their last write. */
const DELIVERY_STATE_MS = 7 * 24 * 3_600_000;

/**
 * The webhook subscriptions in Redis: a hash per subscription expiring at its `refreshBefore`,
 * an id set per type, per-subject sorted sets for the caps (checked in the same script as the
 * write), verified endpoints as expiring keys, and each subscription's pending positions.
 *
 * @example
 * ```ts
 * const store = createRedisWebhookStore(commands, redisKeys('apcore-mcp:events'));
 * await store.upsert(subscription, { perSubject: 100, endpointsPerSubject: 10, total: 10_000 });
 * ```
 */
export function createRedisWebhookStore(redis: Redis, keys: RedisKeys): WebhookStore {
  const commands = defineScripts(redis);
  const get = (id: string) => readSubscription(commands, keys, id);
  return {
    ...subscriptionWrites(commands, keys, get),
    get,
    async live(name) {
      const ids = await commands.smembers(keys.subscriptionsOf(name));
      const found = await Promise.all(ids.map((id) => get(id)));
      const gone = ids.filter((_id, index) => found[index] === undefined);
      if (gone.length > 0) await commands.srem(keys.subscriptionsOf(name), ...gone);
      return found.filter((one): one is WebhookSubscription => one !== undefined);
    },
    verified: async (principal, url) =>
      (await commands.exists(keys.verified(principal, url))) === 1,
    async markVerified(principal, url, ttlMs) {
      await commands.set(keys.verified(principal, url), '1', 'PX', Math.max(1, Math.trunc(ttlMs)));
    },
    ...deliveryState(commands, keys),
    close: async () => {},
  };
}

/** Creating, refreshing and removing subscriptions, each one script. */
function subscriptionWrites(
  commands: ScriptCommands,
  keys: RedisKeys,
  get: (id: string) => Promise<WebhookSubscription | undefined>,
): Pick<WebhookStore, 'upsert' | 'remove'> {
  return {
    async upsert(subscription: WebhookSubscription, caps: WebhookCaps) {
      const answer = await commands.upsertSubscription(
        keys.subscription(subscription.id),
        keys.subscriptionsOf(subscription.name),
        keys.subject(subscription.principal),
        keys.subjectUrls(subscription.principal),
        keys.allSubscriptions,
        subscription.id,
        JSON.stringify(subscription),
        subscription.url,
        Math.trunc(subscription.refreshBefore),
        Date.now(),
        caps.perSubject,
        caps.endpointsPerSubject,
        caps.total,
        subscription.principal,
      );
      if (answer === -1) return { refused: 'subscriptions' as const };
      if (answer === -2) return { refused: 'endpoints' as const };
      if (answer === -3) return { refused: 'total' as const };
      return { created: answer === 1 };
    },
    async remove(principal, id) {
      const found = await get(id);
      if (found === undefined || found.principal !== principal) return false;
      const removed = await commands.removeSubscription(
        keys.subscription(id),
        keys.subscriptionsOf(found.name),
        keys.subject(principal),
        keys.subjectUrls(principal),
        keys.allSubscriptions,
        keys.pending(id),
        keys.settled(id),
        principal,
        id,
      );
      return removed === 1;
    },
  };
}

/** Each subscription's pending positions, settled marker and delivery status. */
function deliveryState(
  commands: ScriptCommands,
  keys: RedisKeys,
): Pick<WebhookStore, 'markPending' | 'record' | 'watermark'> {
  return {
    async markPending(id, positions) {
      if (positions.length === 0) return;
      const members = positions.flatMap((position) => [0, padStreamId(position)]);
      await commands
        .multi()
        .zadd(keys.pending(id), ...members)
        .pexpire(keys.pending(id), DELIVERY_STATE_MS)
        .exec();
    },
    async record(id, settled: DeliveryRecord) {
      const { outcome } = settled;
      await commands.recordDelivery(
        keys.subscription(id),
        keys.pending(id),
        keys.settled(id),
        padStreamId(settled.position),
        outcome.ok ? '1' : '0',
        Math.trunc(settled.at),
        outcome.ok ? '' : outcome.category,
        DELIVERY_STATE_MS,
      );
    },
    async watermark(id): Promise<WebhookWatermark | undefined> {
      const [oldest] = await commands.zrange(keys.pending(id), 0, 0);
      if (oldest !== undefined) return { position: unpadStreamId(oldest), inclusive: true };
      const settled = await commands.get(keys.settled(id));
      return settled === null ? undefined : { position: unpadStreamId(settled), inclusive: false };
    },
  };
}

function defineScripts(redis: Redis): ScriptCommands {
  const commands = redis as ScriptCommands;
  if (typeof commands.upsertSubscription !== 'function') {
    commands.defineCommand('upsertSubscription', { numberOfKeys: 5, lua: UPSERT_SCRIPT });
    commands.defineCommand('removeSubscription', { numberOfKeys: 7, lua: REMOVE_SCRIPT });
    commands.defineCommand('recordDelivery', { numberOfKeys: 3, lua: RECORD_SCRIPT });
  }
  return commands;
}

/** The subscription `id`, with the delivery status recorded since it was written. */
async function readSubscription(
  commands: Redis,
  keys: RedisKeys,
  id: string,
): Promise<WebhookSubscription | undefined> {
  const fields = await commands.hgetall(keys.subscription(id));
  if (fields.json === undefined) return undefined;
  const subscription = JSON.parse(fields.json) as WebhookSubscription;
  // A key past its expiry may linger until Redis evicts it: it is gone all the same.
  if (subscription.refreshBefore <= Date.now()) return undefined;
  const status = { ...subscription.status };
  if (fields.lastDeliveryAt !== undefined) status.lastDeliveryAt = Number(fields.lastDeliveryAt);
  if (fields.lastError !== undefined) {
    status.lastError = fields.lastError as NonNullable<typeof status.lastError>;
  }
  if (fields.failedSince !== undefined) status.failedSince = Number(fields.failedSince);
  else if (fields.lastDeliveryAt !== undefined) delete status.failedSince;
  return { ...subscription, status };
}
