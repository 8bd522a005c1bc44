// Any new export added here becomes public API: named exports only, no wildcards.
export { createRedisEventBackend } from './create-redis-event-backend.js';
export type { RedisEventBackendOptions } from './redis-event-backend-options.js';
