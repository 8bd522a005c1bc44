import {
  describeEventLogContract,
  describeWebhookStoreContract,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { afterAll, beforeAll } from 'vitest';
import { createRedisEventBackend } from '../../src/index.js';

// The log and the store against the contracts every event backend meets, each test under a
// prefix of its own in one real redis-server.
let server: TestRedisServer | undefined;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

async function openBackend() {
  if (server === undefined) throw new Error('redis-server is not started yet');
  prefixes += 1;
  return createRedisEventBackend({
    connection: server.url,
    prefix: `contract:${prefixes}`,
    runDeliveries: false,
  });
}

describeEventLogContract('redis streams', async () => (await openBackend()).log);

describeWebhookStoreContract('redis', async () => {
  const backend = await openBackend();
  const store = backend.webhooks?.store;
  if (store === undefined) throw new Error('the Redis backend always has a webhook store');
  // The store shares the backend's connections: closing it closes the backend.
  return { ...store, close: () => backend.log.close() } as typeof store;
}, ['1700000000000-9', '1700000000001-0', '1700000000010-0']);
