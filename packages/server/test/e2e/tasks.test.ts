import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import { rejection } from '../helpers/rejection.js';
import { connectTaskClient, type TaskClient, type TaskTarget } from '../helpers/task-clients.js';

const TRANSPORTS = ['http', 'stdio'] as const;

describe.each(TRANSPORTS)('MCP tasks (2026-07-28) over %s', (transport) => {
  let server: ServerHandle | undefined;
  let target: TaskTarget;
  const clients: TaskClient[] = [];
  const connect = async (options: { tasks: boolean; answer?: Record<string, unknown> }) => {
    const client = await connectTaskClient(target, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (transport === 'stdio') {
      target = { transport: 'stdio' };
      return;
    }
    const registry = new Registry();
    registerTaskModules(core, registry);
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    target = { transport: 'http', url: server.url ?? '' };
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.close();
  });

  it('answers a task to a client that takes tasks, and its result through tasks/get', async () => {
    const client = await connect({ tasks: true });
    const created = await client.call('job-wait', { ms: 10 });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 1000 });
    expect(created).not.toHaveProperty('requestState');
    const done = await client.waitFor(created.taskId as string, ['completed']);
    expect(done).toMatchObject({
      resultType: 'complete',
      statusMessage: '1/1: waited',
      result: { content: [{ type: 'text', text: 'Waited 10 ms' }] },
    });
    expect(await client.call('job-greet', { name: 'Ada' })).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Ada!' }],
    });
  });

  it('runs an optional task tool as a plain call for a client without tasks', async () => {
    const client = await connect({ tasks: false });
    expect(await client.call('job-wait', { ms: 0 })).toMatchObject({
      content: [{ type: 'text', text: 'Waited 0 ms' }],
    });
    const refused = await rejection(client.call('job-fails'));
    expect(refused.code).toBe(-32021);
    expect(refused.message).toContain('io.modelcontextprotocol/tasks');
    expect((await rejection(client.request('tasks/get', { taskId: 'x' }))).code).toBe(-32021);
  });

  it('parks a question as input_required and resumes with the tasks/update answer', async () => {
    const client = await connect({ tasks: true });
    const { taskId } = (await client.call('job-confirm')) as { taskId: string };
    const waiting = await client.waitFor(taskId, ['input_required']);
    expect(waiting.inputRequests).toMatchObject({
      confirm: { method: 'elicitation/create', params: { message: 'Go ahead?' } },
    });
    expect(
      await client.request('tasks/update', {
        taskId,
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      }),
    ).toEqual(expect.objectContaining({ resultType: 'complete' }));
    expect(await client.waitFor(taskId, ['completed'])).toMatchObject({
      result: { content: [{ type: 'text', text: 'Done' }] },
    });
  });

  it('asks on the call itself until the module calls becomeTask, then goes on as a task', async () => {
    const client = await connect({ tasks: true, answer: { name: 'Ada' } });
    const created = await client.call('job-named_first');
    expect(created).toMatchObject({ resultType: 'task' });
    expect(await client.waitFor(created.taskId as string, ['completed'])).toMatchObject({
      result: { content: [{ type: 'text', text: 'Report for Ada' }] },
    });
  });

  it('ends a tool error as completed with isError, and a crash as failed with a sanitized -32603', async () => {
    const client = await connect({ tasks: true });
    const failing = (await client.call('job-fails')) as { taskId: string };
    expect(await client.waitFor(failing.taskId, ['completed'])).toMatchObject({
      result: { isError: true, _meta: { 'apcore/errorCode': 'JOB_FAILED' } },
    });
    const crashing = (await client.call('job-crashes')) as { taskId: string };
    const failed = await client.waitFor(crashing.taskId, ['failed']);
    expect(failed).toMatchObject({ error: { code: -32603, message: 'Internal error occurred' } });
    expect(JSON.stringify(failed)).not.toContain('/var/lib');
    expect(failed).not.toHaveProperty('result');
  });

  it('cancels a running task: cancelled at once, an empty ack, and idempotent', async () => {
    const client = await connect({ tasks: true });
    const { taskId } = (await client.call('job-wait', { ms: 60_000 })) as { taskId: string };
    const ack = await client.request('tasks/cancel', { taskId });
    expect(ack).not.toHaveProperty('taskId');
    expect(await client.waitFor(taskId, ['cancelled'])).toMatchObject({ status: 'cancelled' });
    expect(await client.request('tasks/cancel', { taskId })).not.toHaveProperty('status');
  });

  it('refuses an unknown task id with -32602, and keeps serving', async () => {
    const client = await connect({ tasks: true });
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const error = await rejection(client.request(method, { taskId: 'no-such-task' }));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('Task not found');
    }
    expect((await rejection(client.request('tasks/get', {}))).code).toBe(-32602);
    expect((await rejection(client.request('tasks/result', { taskId: 'x' }))).code).toBe(-32601);
    expect(await client.call('job-greet', {})).toMatchObject({
      content: [{ type: 'text', text: 'Hello, world!' }],
    });
  });
});
