// Any new export added here becomes public API: named exports only, no wildcards.
export {
  createRedisLimitStore,
  type RedisScriptClient,
} from './create-redis-limit-store.js';
export type { LimitCounter, LimitDecision, RedisLimitStore } from './limit-store.js';
export type { RedisLimitStoreOptions } from './redis-limit-store-options.js';
