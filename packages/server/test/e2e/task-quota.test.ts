import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, createTestSigner, type TestSigner } from '@apcore-mcp/test-support';
import { CallToolResultSchema, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options/serve-options.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import { connectLegacyTaskClient, type LegacyTaskClient } from '../helpers/legacy-task-clients.js';
import { connectTaskClient, type TaskClient } from '../helpers/task-clients.js';

const AUDIENCE = 'https://mcp.example.com/mcp';
const ISSUER = 'https://auth.example.com/';
const ERROR_CODE_META = 'apcore/errorCode';
/** Long enough that only a cancel ends it. */
const FOREVER = { ms: 3_600_000 };

/** The text of a tool result's first content item. */
function textOf(result: Record<string, unknown>): string {
  const [first] = (result.content ?? []) as { type: string; text?: string }[];
  return first?.type === 'text' ? (first.text ?? '') : '';
}

describe('tasks are shared fairly between subjects (Streamable HTTP, bearer tokens)', () => {
  let signer: TestSigner;
  let server: ServerHandle | undefined;
  const closing: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    signer = await createTestSigner('ES256', 'quota-key');
  });
  afterEach(async () => {
    await Promise.allSettled(closing.splice(0).map((client) => client.close()));
    await server?.close();
    server = undefined;
  });

  async function start(limits: Pick<ServeOptions, 'maxTasks' | 'maxTasksPerSubject'>) {
    const registry = new Registry();
    registerTaskModules(core, registry);
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      taskPollIntervalMs: 20,
      auth: { jwks: signer.jwks, audience: AUDIENCE, issuer: ISSUER },
      ...limits,
    });
    return server.url ?? '';
  }

  async function bearer(sub: string): Promise<Record<string, string>> {
    const token = await signer.sign({ sub, aud: AUDIENCE, iss: ISSUER });
    return { authorization: `Bearer ${token}` };
  }

  /** A 2026-07-28 client of the tasks extension, signed in as `sub`. */
  async function modern(url: string, sub: string): Promise<TaskClient> {
    const client = await connectTaskClient(
      { transport: 'http', url, headers: await bearer(sub) },
      { tasks: true },
    );
    closing.push(client);
    return client;
  }

  /** A 1.x SDK client (2025-11-25), signed in as `sub`. */
  async function legacy(url: string, sub: string): Promise<LegacyTaskClient> {
    const client = await connectLegacyTaskClient({
      transport: 'http',
      url,
      headers: await bearer(sub),
    });
    closing.push(client);
    return client;
  }

  /** Starts a `job-wait` task; fails the test unless a task was created. */
  async function newTask(client: TaskClient, args: Record<string, unknown> = { ms: 0 }) {
    const answer = await client.call('job-wait', args);
    expect(answer).toMatchObject({ resultType: 'task' });
    return answer.taskId as string;
  }

  it('refuses one subject past its quota while another still gets tasks; a fetched result frees a slot', async () => {
    const url = await start({ maxTasksPerSubject: 2 });
    const [alice, bob] = [await modern(url, 'alice'), await modern(url, 'bob')];
    const quick = await newTask(alice);
    await newTask(alice, FOREVER);

    // Whether `quick` is still working or ended unfetched, both count.
    const refused = await alice.call('job-wait', { ms: 0 });
    expect(refused).toMatchObject({
      isError: true,
      _meta: { [ERROR_CODE_META]: 'TASK_LIMIT_REACHED' },
    });
    expect(textOf(refused)).toMatch(
      /^Task quota reached: this subject has 2 live tasks \(maxTasksPerSubject\)\. A slot frees when one of them is cancelled, or ends and its result is fetched; the oldest expires at \d{4}-\d\d-\d\dT[\d:.]+Z\.$/,
    );
    expect(textOf(refused)).not.toContain('alice');

    // Another subject is not held back by alice's tasks.
    await newTask(bob, FOREVER);

    // tasks/get of the completed task hands alice its result: that frees its slot.
    expect(await alice.waitFor(quick, ['completed'])).toMatchObject({
      result: { content: [{ type: 'text', text: 'Waited 0 ms' }] },
    });
    await newTask(alice, FOREVER);
    // The fetched task is still there to look at until it expires; it no longer counts.
    expect(await alice.request('tasks/get', { taskId: quick })).toMatchObject({
      status: 'completed',
    });
    expect(await alice.call('job-wait', { ms: 0 })).toMatchObject({ isError: true });
  });

  it('frees the slot of a cancelled task', async () => {
    const url = await start({ maxTasksPerSubject: 1 });
    const alice = await modern(url, 'alice');
    const running = await newTask(alice, FOREVER);
    expect(await alice.call('job-wait', FOREVER)).toMatchObject({ isError: true });
    await alice.request('tasks/cancel', { taskId: running });
    await newTask(alice, FOREVER);
  });

  it('counts a 2025-11-25 task that ended until tasks/result delivers it', async () => {
    const url = await start({ maxTasksPerSubject: 1 });
    const [alice, bob] = [await legacy(url, 'alice'), await legacy(url, 'bob')];
    const { taskId } = await alice.createTask('job-wait', { ms: 0 });
    await alice.statusNotice(taskId, 'completed');
    const refused = await alice.client.request(
      { method: 'tools/call', params: { name: 'job-wait', arguments: {}, task: { ttl: 60_000 } } },
      ResultSchema,
    );
    expect(refused).toMatchObject({
      isError: true,
      _meta: { [ERROR_CODE_META]: 'TASK_LIMIT_REACHED' },
    });
    expect(textOf(refused)).toContain('(maxTasksPerSubject)');
    await expect(bob.createTask('job-wait', { ms: 0 })).resolves.toMatchObject({
      status: 'working',
    });

    const { experimental } = alice.client;
    const result = await experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(textOf(result)).toBe('Waited 0 ms');
    await expect(alice.createTask('job-wait', { ms: 0 })).resolves.toMatchObject({
      status: 'working',
    });
  });

  it('lets fetched tasks stop holding slots of maxTasks, so one subject cannot keep them all', async () => {
    const url = await start({ maxTasks: 2 });
    const [alice, bob] = [await modern(url, 'alice'), await modern(url, 'bob')];
    const taskIds = [await newTask(alice), await newTask(alice)];
    const refused = await bob.call('job-wait', { ms: 0 });
    expect(refused).toMatchObject({ isError: true });
    expect(textOf(refused)).toMatch(
      /^Task limit reached: 2 live tasks on this server \(maxTasks\)\./,
    );
    // Once alice has both results, the tasks she no longer needs leave the pool.
    for (const taskId of taskIds) await alice.waitFor(taskId, ['completed']);
    await newTask(bob);
  });
});
