import type { TaskEngine } from '@apcore-mcp/core/bridge';
import { startRedisServer, type TestRedisServer } from '@apcore-mcp/test-support';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A real redis-server for the engines of one test file, and what the tests read it with. */
export interface RedisForEngines {
  /** Where the engines connect. */
  url(): string;
  /** A plain client, for reading what the engines left in Redis. */
  inspector(): Redis;
  /** Keeps `engine` to be closed after the current test. */
  track<T extends TaskEngine>(engine: T): T;
}

/**
 * Starts a redis-server for the file (in `beforeAll`), closes the engines each test opened and
 * empties Redis after it, and stops the server after the file.
 *
 * @example
 * ```ts
 * const redis = useRedisForEngines();
 * const engine = redis.track(await createBullmqTaskEngine({ connection: redis.url() }));
 * ```
 */
export function useRedisForEngines(): RedisForEngines {
  let server: TestRedisServer | undefined;
  let client: Redis | undefined;
  const opened: TaskEngine[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
    client = new Redis(server.url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((engine) => engine.close()));
    await client?.flushall();
  });
  afterAll(async () => {
    await client?.quit();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('redis-server is not started yet');
    return value;
  };
  return {
    url: () => started(server).url,
    inspector: () => started(client),
    track: (engine) => {
      opened.push(engine);
      return engine;
    },
  };
}
