import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, signWithSecret } from '@apcore-mcp/test-support';
import { CallToolResultSchema, type TaskStatus } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import {
  connectLegacyTaskClient,
  type LegacyTaskClient,
  type LegacyTaskTarget,
} from '../helpers/legacy-task-clients.js';
import { postModern } from '../helpers/modern-raw.js';

const SECRET = 'a-shared-secret-of-at-least-32-bytes!';
const AUDIENCE = 'https://mcp.example.com/mcp';
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Long enough that only a cancel ends it. */
const FOREVER = { ms: 3_600_000 };

const bearer = async (sub: string) => ({
  authorization: `Bearer ${await signWithSecret(SECRET, { sub, aud: AUDIENCE })}`,
});

/** The text of a tool result's first content item. */
function textOf(result: object): string {
  const { content = [] } = result as { content?: { type: string; text?: string }[] };
  const [first] = content;
  if (first?.type !== 'text' || first.text === undefined) throw new Error('no text content');
  return first.text;
}

/** Streamable HTTP in this process, with bearer auth so that tasks have owners. */
async function startHttpServer(): Promise<ServerHandle> {
  const registry = new Registry();
  registerTaskModules(core, registry);
  return startServer(registry, {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
    taskPollIntervalMs: 20,
    auth: { secret: SECRET, audience: AUDIENCE },
  });
}

const clients: LegacyTaskClient[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

async function connect(target: LegacyTaskTarget): Promise<LegacyTaskClient> {
  const client = await connectLegacyTaskClient(target);
  clients.push(client);
  return client;
}

describe.each(['stdio', 'http'] as const)('2025-11-25 tasks over %s', (transport) => {
  let server: ServerHandle | undefined;
  let target: LegacyTaskTarget = { transport: 'stdio' };

  beforeAll(async () => {
    if (transport === 'stdio') return;
    server = await startHttpServer();
    target = { transport: 'http', url: server.url ?? '', headers: await bearer('alice') };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('declares tasks, then runs one: created, polled, its result fetched', async () => {
    const { client } = await connect(target);
    expect(client.getServerCapabilities()?.tasks).toEqual({
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'job-wait')?.execution).toEqual({
      taskSupport: 'optional',
    });
    const stream = client.experimental.tasks.callToolStream(
      { name: 'job-wait', arguments: { ms: 0 } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    );
    const messages = [];
    for await (const message of stream) messages.push(message);
    const [created] = messages;
    if (created?.type !== 'taskCreated') throw new Error(`no task created: ${created?.type}`);
    const { taskId } = created.task;
    expect(created.task).toMatchObject({ status: 'working', ttl: 3_600_000 });
    expect(created.task.pollInterval).toBeGreaterThan(0);
    const last = messages.at(-1);
    if (last?.type !== 'result') throw new Error(`no result: ${last?.type}`);
    expect(textOf(last.result)).toBe('Waited 0 ms');
    expect(last.result._meta).toEqual({ [RELATED_TASK]: { taskId } });
    await expect(client.experimental.tasks.getTask(taskId)).resolves.toMatchObject({
      taskId,
      status: 'completed',
    });
    // The same tool without the task parameter is a plain call.
    const plain = await client.callTool({ name: 'job-wait', arguments: { ms: 0 } });
    expect(textOf(plain)).toBe('Waited 0 ms');
  });

  it("asks a task's question through tasks/result and completes with the answer", async () => {
    const tasks = await connect(target);
    const stream = tasks.client.experimental.tasks.callToolStream(
      { name: 'job-confirm', arguments: {} },
      CallToolResultSchema,
      { task: {} },
    );
    const statuses: TaskStatus[] = [];
    let last: unknown;
    let taskId = '';
    for await (const message of stream) {
      if (message.type === 'taskCreated') taskId = message.task.taskId;
      if (message.type === 'taskStatus') statuses.push(message.task.status);
      last = message;
    }
    expect(statuses).toContain('input_required');
    expect(last).toMatchObject({ type: 'result', result: { content: [{ text: 'Done' }] } });
    expect(tasks.asked).toEqual([{ message: 'Go ahead?', meta: { [RELATED_TASK]: { taskId } } }]);
  });

  it('makes a task of an explicit-start call at once, asking its questions once', async () => {
    const tasks = await connect(target);
    const task = await tasks.createTask('job-named_first');
    const result = await tasks.client.experimental.tasks.getTaskResult(
      task.taskId,
      CallToolResultSchema,
    );
    expect(textOf(result)).toBe('Report for Ada');
    expect(tasks.asked.map((question) => question.message)).toEqual(['What is your name?']);
  });

  it('asks the approval of a task while it runs, through tasks/result, and completes', async () => {
    const tasks = await connect(target);
    const task = await tasks.createTask('job-approved');
    const result = await tasks.client.experimental.tasks.getTaskResult(
      task.taskId,
      CallToolResultSchema,
    );
    expect(textOf(result)).toBe('Approved and done');
    expect(tasks.asked).toEqual([
      {
        message: expect.stringMatching(/^Approve running job\.approved\?/),
        meta: { [RELATED_TASK]: { taskId: task.taskId } },
      },
    ]);
  });

  it('cancels a task, then refuses to cancel it again and has no result for it', async () => {
    const tasks = await connect(target);
    const { experimental } = tasks.client;
    const task = await tasks.createTask('job-wait', FOREVER);
    expect(task.status).toBe('working');
    await expect(experimental.tasks.cancelTask(task.taskId)).resolves.toMatchObject({
      taskId: task.taskId,
      status: 'cancelled',
    });
    await expect(experimental.tasks.getTask(task.taskId)).resolves.toMatchObject({
      status: 'cancelled',
    });
    await expect(experimental.tasks.cancelTask(task.taskId)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("already in terminal status 'cancelled'"),
    });
    await expect(
      experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('shows a tool error as a failed task, whose result is that error', async () => {
    const tasks = await connect(target);
    const { experimental } = tasks.client;
    const { taskId } = await tasks.createTask('job-fails');
    const result = await experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result).toMatchObject({ isError: true, _meta: { [RELATED_TASK]: { taskId } } });
    expect(textOf(result)).toContain('JOB_FAILED');
    await expect(experimental.tasks.getTask(taskId)).resolves.toMatchObject({
      status: 'failed',
      statusMessage: textOf(result),
    });
  });

  it('answers the result of a task that crashed with its JSON-RPC error, sanitized', async () => {
    const tasks = await connect(target);
    const { experimental } = tasks.client;
    const { taskId } = await tasks.createTask('job-crashes');
    await expect(
      experimental.tasks.getTaskResult(taskId, CallToolResultSchema),
    ).rejects.toMatchObject({ code: -32603, message: expect.not.stringContaining('/var/lib') });
    await expect(experimental.tasks.getTask(taskId)).resolves.toMatchObject({ status: 'failed' });
  });

  it('refuses an unknown task, and a task asked of a tool that never runs as one', async () => {
    const { client } = await connect(target);
    const unknown = { code: -32602, message: expect.stringContaining('Task not found') };
    const { tasks } = client.experimental;
    await expect(tasks.getTask('no-such-task')).rejects.toMatchObject(unknown);
    await expect(tasks.getTaskResult('no-such-task', CallToolResultSchema)).rejects.toMatchObject(
      unknown,
    );
    await expect(tasks.cancelTask('no-such-task')).rejects.toMatchObject(unknown);
    const taskOfPlain = { name: 'job-greet', arguments: {}, task: {} };
    await expect(
      client.request({ method: 'tools/call', params: taskOfPlain }, CallToolResultSchema),
    ).rejects.toMatchObject({ code: -32601 });
    // A tool that runs only as a task, called without the task parameter.
    await expect(
      client.request({ method: 'tools/call', params: { name: 'job-fails' } }, CallToolResultSchema),
    ).rejects.toMatchObject({ code: -32601 });
  });
});

describe('2025-11-25 tasks over stdio, told of', () => {
  it("notifies the connection of its task's changes of status", async () => {
    const tasks = await connect({ transport: 'stdio' });
    const { taskId } = await tasks.createTask('job-wait', FOREVER);
    await tasks.client.experimental.tasks.cancelTask(taskId);
    await expect(tasks.statusNotice(taskId, 'cancelled')).resolves.toMatchObject({
      taskId,
      status: 'cancelled',
      ttl: 3_600_000,
    });
  });
});

describe('2025-11-25 tasks over Streamable HTTP, between callers and revisions', () => {
  let server: ServerHandle;
  let url = '';

  beforeAll(async () => {
    server = await startHttpServer();
    url = server.url ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps a caller's task unknown to another caller", async () => {
    const alice = await connect({ transport: 'http', url, headers: await bearer('alice') });
    const bob = await connect({ transport: 'http', url, headers: await bearer('bob') });
    const { taskId } = await alice.createTask('job-wait', FOREVER);
    const unknown = { code: -32602, message: expect.stringContaining('Task not found') };
    const theirs = bob.client.experimental.tasks;
    await expect(theirs.getTask(taskId)).rejects.toMatchObject(unknown);
    await expect(theirs.getTaskResult(taskId, CallToolResultSchema)).rejects.toMatchObject(unknown);
    await expect(theirs.cancelTask(taskId)).rejects.toMatchObject(unknown);
    await expect(alice.client.experimental.tasks.getTask(taskId)).resolves.toMatchObject({
      status: 'working',
    });
    await alice.client.experimental.tasks.cancelTask(taskId);
  });

  it('shows a 2025-11-25 task to its caller on 2026-07-28, which hears of no tasks capability', async () => {
    const headers = await bearer('alice');
    const alice = await connect({ transport: 'http', url, headers });
    const { taskId } = await alice.createTask('job-wait', FOREVER);
    const discovered = await postModern(url, 'server/discover', {}, { headers });
    const capabilities = discovered.body.result?.capabilities as Record<string, unknown>;
    expect(capabilities.extensions).toMatchObject({ [TASKS_EXTENSION]: {} });
    expect(capabilities).not.toHaveProperty('tasks');
    const extension = { extensions: { [TASKS_EXTENSION]: {} } };
    const seen = await postModern(
      url,
      'tasks/get',
      { taskId },
      { headers: { ...headers, 'mcp-name': taskId }, capabilities: extension },
    );
    expect(seen.body.result).toMatchObject({ taskId, status: 'working', ttlMs: 3_600_000 });
    await alice.client.experimental.tasks.cancelTask(taskId);
  });
});
