import { defineModule, reportProgress } from '@apcore-mcp/core';
import type { TaskEngine } from '@apcore-mcp/core/bridge';
import { Registry } from '@apcore-mcp/runtime';
import { type BullmqTaskEngineOptions, createBullmqTaskEngine } from '@apcore-mcp/tasks';
import { redisSkipReason, startRedisServer, type TestRedisServer } from '@apcore-mcp/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvalidOptionError, startServer } from '../../src/index.js';
import { runTaskWorker } from '../../src/worker.js';
import { postModern } from '../helpers/modern-raw.js';

const skip = redisSkipReason();
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** `jobs.hold` reports who holds it, then holds until released (or its signal aborts). */
function createJobsRegistry(held: { released: boolean; by: string }): Registry {
  const registry = new Registry();
  registry.register(
    'jobs.hold',
    defineModule({
      description: 'Holds until released',
      inputSchema: { type: 'object', properties: {} },
      annotations: { taskSupport: 'required', idempotent: true },
      timeoutMs: 0,
      execute: async (_inputs, context) => {
        await reportProgress(context, 1, 1, 'holding');
        if (!held.released) {
          await new Promise((_resolve, reject) => {
            context.signal?.addEventListener('abort', () => reject(context.signal?.reason));
          });
        }
        return { releasedBy: held.by };
      },
    }),
  );
  return registry;
}

describe('runTaskWorker', () => {
  it('refuses to start without a task engine to take attempts from', async () => {
    const refused = await runTaskWorker(new Registry(), {} as never).catch((error) => error);
    expect(InvalidOptionError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ option: 'tasks' });
  });
});

describe.skipIf(skip !== undefined)(
  `a worker beside servers${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: TestRedisServer;
    const opened: Array<{ close(): Promise<void> }> = [];

    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterEach(async () => {
      for (const handle of opened.splice(0).reverse()) await handle.close();
    });
    afterAll(async () => {
      await redis.stop();
    });

    async function engine(options: Partial<BullmqTaskEngineOptions>): Promise<TaskEngine> {
      return createBullmqTaskEngine({ connection: redis.url, ...options });
    }

    async function serveTasks(registry: Registry, tasks: TaskEngine): Promise<string> {
      const server = await startServer(registry, {
        transport: 'streamable-http',
        port: 0,
        tasks,
        logLevel: 'error',
      });
      opened.push(server);
      return server.url ?? '';
    }

    async function startHold(url: string): Promise<string> {
      const { body } = await postModern(
        url,
        'tools/call',
        { name: 'jobs-hold', arguments: {} },
        {
          capabilities: TASKS,
        },
      );
      expect(body.result).toMatchObject({ resultType: 'task', status: 'working' });
      return String(body.result?.taskId);
    }

    function taskOn(
      url: string,
      taskId: string,
      check: (task: Record<string, unknown>) => boolean,
    ) {
      return vi.waitFor(
        async () => {
          const { body } = await postModern(
            url,
            'tasks/get',
            { taskId },
            {
              capabilities: TASKS,
            },
          );
          if (body.result === undefined || !check(body.result)) throw new Error('not yet');
          return body.result;
        },
        { timeout: 20_000, interval: 50 },
      );
    }

    it('runs the attempts of a server that runs none, and stops on close()', async () => {
      const held = { released: true, by: 'the worker' };
      const url = await serveTasks(createJobsRegistry(held), await engine({ runAttempts: false }));
      const worker = await runTaskWorker(createJobsRegistry(held), {
        tasks: await engine({}),
        logLevel: 'error',
      });
      opened.push(worker);
      const taskId = await startHold(url);
      const done = await taskOn(url, taskId, (task) => task.status === 'completed');
      expect(done.result).toMatchObject({
        content: [{ type: 'text', text: '{"releasedBy":"the worker"}' }],
      });
      await worker.close();
      await expect(worker.closed).resolves.toBeUndefined();
    });

    it('hands a running retryable attempt to a worker when the server running it shuts down', async () => {
      const onServer = { released: false, by: 'the server' };
      const server = await startServer(createJobsRegistry(onServer), {
        transport: 'streamable-http',
        port: 0,
        tasks: await engine({ shutdownGraceMs: 100 }),
        logLevel: 'error',
      });
      const url = server.url ?? '';
      const taskId = await startHold(url);
      await taskOn(url, taskId, (task) => task.statusMessage === '1/1: holding');
      const other = await serveTasks(new Registry(), await engine({ runAttempts: false }));
      const worker = await runTaskWorker(createJobsRegistry({ released: true, by: 'the worker' }), {
        tasks: await engine({}),
      });
      opened.push(worker);
      await server.close();
      const done = await taskOn(other, taskId, (task) => task.status === 'completed');
      expect(done.result).toMatchObject({
        content: [{ type: 'text', text: '{"releasedBy":"the worker"}' }],
      });
    });
  },
);
