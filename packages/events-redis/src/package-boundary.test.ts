import { describePackageBoundary } from '@apcore-mcp/test-support';

// The contract, the webhooks package's retry schedule, BullMQ and its Redis client: never the
// server, which takes this package's backend through its `eventBackend` option without importing
// it, and no HTTP (deliveries go through the server's `deliver`).
describePackageBoundary({
  sourceDir: import.meta.dirname,
  allowed: [
    '@apcore-mcp/core',
    '@apcore-mcp/webhooks',
    'bullmq',
    'ioredis',
    'node:crypto',
    'node:os',
  ],
});
