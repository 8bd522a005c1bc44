import { findFreePort } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createRedisEventBackend } from '../../src/index.js';

describe('createRedisEventBackend with Redis unreachable', () => {
  it('rejects, its connections dropped, rather than waiting for Redis', async () => {
    const port = await findFreePort();
    await expect(
      createRedisEventBackend({ connection: `redis://127.0.0.1:${port}` }),
    ).rejects.toThrow(/max retries per request/);
  });
});
