import { describePackageBoundary } from '@apcore-mcp/test-support';

// The contract, BullMQ and its Redis client: never the server, which takes this package's
// engine through its `tasks` option without importing it.
describePackageBoundary({
  sourceDir: import.meta.dirname,
  allowed: ['@apcore-mcp/core', 'bullmq', 'ioredis', 'node:crypto', 'node:timers/promises'],
});
