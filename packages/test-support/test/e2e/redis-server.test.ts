import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer } from '../../src/redis-server.js';

const skip = redisSkipReason();

describe.skipIf(skip !== undefined)(`startRedisServer${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('starts a redis-server that answers, and stop() ends it', async () => {
    const redis = await startRedisServer();
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    await redis.stop();
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(redis.port, '127.0.0.1', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
