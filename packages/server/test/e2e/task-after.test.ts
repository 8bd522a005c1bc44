import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../src/governance.js';
import { type ServerHandle, startServer } from '../../src/index.js';
import { connectLegacyTaskClient, type LegacyTaskClient } from '../helpers/legacy-task-clients.js';
import { connectTaskClient, type TaskClient } from '../helpers/task-clients.js';

/** A gate the test opens: the slow module waits for it, so no test waits on a clock. */
function createGate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('calls that become tasks by running long (taskAfterMs)', () => {
  let server: ServerHandle;
  let gate = createGate();
  const probe = { runs: 0, aborted: 0, started: [] as (() => void)[] };
  const records: LedgerRecord[] = [];
  const modern: TaskClient[] = [];
  const legacy: LegacyTaskClient[] = [];

  /** Resolves once the slow module has started `count` runs in all. */
  function startedRuns(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (probe.runs >= count ? resolve() : probe.started.push(check));
      check();
    });
  }

  beforeAll(async () => {
    const registry = new Registry();
    const inputSchema = { type: 'object', properties: {} };
    registry.register(
      'job.slow',
      core.defineModule({
        description: 'Waits for the gate.',
        inputSchema,
        annotations: { taskSupport: 'optional' },
        timeoutMs: 0,
        execute: async (_inputs, context) => {
          probe.runs += 1;
          for (const wake of probe.started.splice(0)) wake();
          const aborted = new Promise<never>((_, reject) => {
            context.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          });
          try {
            await Promise.race([gate.opened, aborted]);
          } catch (error) {
            probe.aborted += 1;
            throw error;
          }
          return 'Slow job done';
        },
      }),
    );
    registry.register(
      'job.refused',
      core.defineModule({
        description: 'Waits for the gate, then fails.',
        inputSchema,
        annotations: { taskSupport: 'optional' },
        timeoutMs: 0,
        execute: async () => {
          probe.runs += 1;
          for (const wake of probe.started.splice(0)) wake();
          await gate.opened;
          throw new core.ModuleError({
            code: 'QUOTA_GONE',
            message: 'The quota is gone for today',
          });
        },
      }),
    );
    registry.register(
      'job.quick',
      core.defineModule({
        description: 'Answers at once.',
        inputSchema,
        annotations: { taskSupport: 'optional' },
        execute: () => 'Quick job done',
      }),
    );
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      taskAfterMs: 50,
      taskPollIntervalMs: 20,
      ledger: { append: (record) => void records.push(record), close: async () => {} },
    });
  });
  afterAll(async () => {
    gate.open();
    await Promise.allSettled([...modern, ...legacy].map((client) => client.close()));
    await server.close();
  });

  async function connectModern(tasks: boolean): Promise<TaskClient> {
    const client = await connectTaskClient({ transport: 'http', url: server.url ?? '' }, { tasks });
    modern.push(client);
    return client;
  }
  async function connectLegacy(): Promise<LegacyTaskClient> {
    const client = await connectLegacyTaskClient({ transport: 'http', url: server.url ?? '' });
    legacy.push(client);
    return client;
  }

  it('answers a 2026-07-28 call still running with a task that finishes with its answer, run once', async () => {
    gate = createGate();
    const runsBefore = probe.runs;
    const tasksClient = await connectModern(true);
    const plainClient = await connectModern(false);
    const oldClient = await connectLegacy();
    // Three calls at once: only the one from a client that takes tasks becomes a task.
    const plain = plainClient.call('job-slow');
    const old = oldClient.client.callTool({ name: 'job-slow', arguments: {} });
    const created = await tasksClient.call('job-slow');
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    // Answered as a task once all three ran a while: none was waiting for a task to start it.
    await startedRuns(runsBefore + 3);
    gate.open();
    const done = await tasksClient.waitFor(created.taskId as string, ['completed']);
    expect(done).toMatchObject({ result: { content: [{ type: 'text', text: 'Slow job done' }] } });
    expect(await plain).toMatchObject({ content: [{ type: 'text', text: 'Slow job done' }] });
    expect(await old).toMatchObject({ content: [{ type: 'text', text: 'Slow job done' }] });
    expect(probe.runs).toBe(runsBefore + 3);
  });

  it('records the end of a call that became a task in the ledger, once, as any call', async () => {
    gate = createGate();
    const runsBefore = probe.runs;
    const client = await connectModern(true);
    const slow = (await client.call('job-slow')) as { taskId: string };
    const refused = (await client.call('job-refused')) as { taskId: string };
    expect([slow, refused]).toMatchObject([{ resultType: 'task' }, { resultType: 'task' }]);
    await startedRuns(runsBefore + 2);
    const recordedBefore = records.length;
    gate.open();
    await client.waitFor(slow.taskId, ['completed']);
    // A module's error completes the task with the error result any call would answer.
    const failed = await client.waitFor(refused.taskId, ['completed']);
    const direct = await (await connectModern(false)).call('job-refused');
    expect(direct).toMatchObject({ isError: true });
    expect(failed.result).toMatchObject({ isError: true, content: direct.content });
    const ended = records
      .slice(recordedBefore)
      .filter((record) => record.method === undefined && record.durationMs >= 50);
    expect(ended).toHaveLength(2);
    expect(ended).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ moduleId: 'job.slow', outcome: 'ok' }),
        expect.objectContaining({
          moduleId: 'job.refused',
          outcome: 'QUOTA_GONE',
          error: expect.objectContaining({ code: 'QUOTA_GONE' }),
        }),
      ]),
    );
    // Its duration counts from the call, not from the task that took it over.
    for (const record of ended) expect(record.durationMs).toBeGreaterThanOrEqual(50);
  });

  it('answers a quick call on the call itself, and a 2025-11-25 task request with a task', async () => {
    const tasksClient = await connectModern(true);
    expect(await tasksClient.call('job-quick')).toMatchObject({
      content: [{ type: 'text', text: 'Quick job done' }],
    });
    const oldClient = await connectLegacy();
    const task = await oldClient.createTask('job-quick');
    expect(task.status).toMatch(/working|completed/);
  });

  it('stops the running call when its task is cancelled', async () => {
    gate = createGate();
    const abortedBefore = probe.aborted;
    const client = await connectModern(true);
    const { taskId } = (await client.call('job-slow')) as { taskId: string };
    await client.request('tasks/cancel', { taskId });
    expect(await client.waitFor(taskId, ['cancelled'])).toMatchObject({ status: 'cancelled' });
    await new Promise<void>((resolve) => {
      const check = () => (probe.aborted > abortedBefore ? resolve() : setImmediate(check));
      check();
    });
    expect(probe.aborted).toBe(abortedBefore + 1);
  });
});
