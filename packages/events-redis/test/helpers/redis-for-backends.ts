import type { EventBackend } from '@apcore-mcp/core/bridge';
import { startRedisServer, type TestRedisServer } from '@apcore-mcp/test-support';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createRedisEventBackend, type RedisEventBackendOptions } from '../../src/index.js';

/** A real redis-server for the backends of one test file, and what the tests read it with. */
export interface RedisForBackends {
  /** Where the backends connect. */
  url(): string;
  /** A plain client, for reading (or arranging) what the backends keep in Redis. */
  inspector(): Redis;
  /** A backend closed after the current test; each call of one test shares `prefix` unless given. */
  open(options?: Partial<RedisEventBackendOptions>): Promise<EventBackend>;
  /** The prefix of the current test's backends. */
  prefix(): string;
}

/**
 * Starts a redis-server for the file (in `beforeAll`), closes the backends each test opened and
 * gives each test a prefix of its own, and stops the server after the file.
 *
 * @example
 * ```ts
 * const redis = useRedisForBackends();
 * const backend = await redis.open({ runDeliveries: false });
 * ```
 */
export function useRedisForBackends(): RedisForBackends {
  let server: TestRedisServer | undefined;
  let client: Redis | undefined;
  let testNumber = 0;
  const opened: EventBackend[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
    client = new Redis(server.url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((backend) => backend.log.close()));
    testNumber += 1;
  });
  afterAll(async () => {
    await client?.quit();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('redis-server is not started yet');
    return value;
  };
  const prefix = () => `test:${testNumber}`;
  return {
    url: () => started(server).url,
    inspector: () => started(client),
    prefix,
    async open(options = {}) {
      const backend = await createRedisEventBackend({
        connection: started(server).url,
        prefix: prefix(),
        ...options,
      });
      opened.push(backend);
      return backend;
    },
  };
}
