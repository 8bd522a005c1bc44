import {
  createRedisLimitStore,
  type LimitCounter as RedisLimitCounter,
  type LimitDecision as RedisLimitDecision,
  type RedisLimitStore,
} from '@apcore-mcp/redis';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { LimitCounter, LimitDecision, LimitStore } from './limit-store.js';

// @apcore-mcp/redis declares the store's shape itself (it must not depend on the server); these
// checks fail the server's typecheck when the two shapes drift apart.
describe('the store of @apcore-mcp/redis', () => {
  it('is a LimitStore', () => {
    expectTypeOf<RedisLimitStore>().toExtend<LimitStore>();
    expectTypeOf(createRedisLimitStore).returns.resolves.toExtend<LimitStore>();
    // Methods compare their parameters both ways, so check the counters and decisions apart:
    // every counter the server builds is one the store takes, every decision one it reads.
    expectTypeOf<LimitCounter>().toExtend<RedisLimitCounter>();
    expectTypeOf<RedisLimitDecision>().toExtend<LimitDecision>();
    const store: (target: string) => Promise<LimitStore> = createRedisLimitStore;
    expect(store).toBeTypeOf('function');
  });
});
