import * as core from '@apcore-mcp/core';
import type { TaskAttemptRunner, TaskCall, TaskEngine, TaskView } from '@apcore-mcp/core/bridge';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTaskEngine } from '../../src/features/tasks/memory-task-engine.js';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';
import { registerTaskModules } from '../fixtures/task-modules.mjs';
import { connectTaskClient, TASKS_EXTENSION, type TaskClient } from '../helpers/task-clients.js';

/** The in-memory engine, telling which tasks it created: none may exist before the answer. */
class WatchedEngine implements TaskEngine {
  readonly created: string[] = [];
  readonly #inner = new MemoryTaskEngine(
    {
      ttlMs: 60_000,
      timeoutMs: 60_000,
      maxTasks: 100,
      maxTasksPerSubject: 100,
      pollIntervalMs: 20,
    },
    createRecordingLogger(),
  );

  start(run: TaskAttemptRunner): void {
    this.#inner.start(run);
  }
  async create(call: TaskCall, owner: string | null): Promise<TaskView> {
    const view = await this.#inner.create(call, owner);
    this.created.push(view.taskId);
    return view;
  }
  get(taskId: string, owner: string | null) {
    return this.#inner.get(taskId, owner);
  }
  update(taskId: string, owner: string | null, responses: Record<string, unknown>) {
    return this.#inner.update(taskId, owner, responses);
  }
  cancel(taskId: string, owner: string | null) {
    return this.#inner.cancel(taskId, owner);
  }
  release(taskId: string, owner: string | null) {
    return this.#inner.release(taskId, owner);
  }
  onChange(listener: (task: TaskView) => void) {
    return this.#inner.onChange(listener);
  }
  close() {
    return this.#inner.close();
  }
}

const APPROVE = { approval: { action: 'accept', content: {} } };

const servers: ServerHandle[] = [];
const clients: TaskClient[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await Promise.allSettled(servers.splice(0).map((server) => server.close()));
});

/** The task modules over Streamable HTTP in this process, on a watched engine. */
async function start(options: Partial<ServeOptions> = {}) {
  const registry = new Registry();
  const probe = registerTaskModules(core, registry);
  const engine = new WatchedEngine();
  const server = await startServer(registry, {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
    tasks: engine,
    ...options,
  });
  servers.push(server);
  const url = server.url ?? '';
  const client = await connectTaskClient({ transport: 'http', url }, { tasks: true });
  clients.push(client);
  return { url, client, engine, probe };
}

describe('input a task-augmented call needs is asked before any task exists (2026-07-28)', () => {
  it('asks the approval on the call; once approved, the call becomes a task that completes', async () => {
    const { client, engine, probe } = await start();
    const call = { name: 'job-approved', arguments: {} };
    const asked = await client.request('tools/call', call);
    expect(asked).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        approval: {
          method: 'elicitation/create',
          params: {
            message: expect.stringMatching(/^Approve running job\.approved\?/),
            requestedSchema: { type: 'object', properties: {} },
          },
        },
      },
    });
    expect(asked).not.toHaveProperty('taskId');
    expect(engine.created).toEqual([]);
    const created = await client.request('tools/call', {
      ...call,
      inputResponses: APPROVE,
      requestState: asked.requestState,
    });
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    expect(created).not.toHaveProperty('requestState');
    expect(engine.created).toEqual([created.taskId]);
    // The task runs with the approval it was given: nobody is asked again.
    expect(await client.waitFor(created.taskId as string, ['completed'])).toMatchObject({
      result: { content: [{ type: 'text', text: 'Approved and done' }] },
    });
    expect(probe.approvedRuns).toBe(1);
  });

  it('answers a declined approval on the call with APPROVAL_DENIED, and makes no task', async () => {
    const { client, engine, probe } = await start();
    const call = { name: 'job-approved', arguments: {} };
    const asked = await client.request('tools/call', call);
    const denied = await client.request('tools/call', {
      ...call,
      inputResponses: { approval: { action: 'decline' } },
      requestState: asked.requestState,
    });
    expect(denied).toMatchObject({
      isError: true,
      content: [
        { type: 'text', text: 'Approval denied' },
        { type: 'text' /* the AI guidance appendix */ },
      ],
      _meta: { 'apcore/errorCode': 'APPROVAL_DENIED' },
    });
    expect(denied).not.toHaveProperty('taskId');
    expect(engine.created).toEqual([]);
    expect(probe.approvedRuns).toBeUndefined();
  });

  it('makes no second task of a replayed approval: it is asked again', async () => {
    const { client, engine } = await start();
    const call = { name: 'job-approved', arguments: {} };
    const asked = await client.request('tools/call', call);
    const retry = { ...call, inputResponses: APPROVE, requestState: asked.requestState };
    const created = await client.request('tools/call', retry);
    expect(created).toMatchObject({ resultType: 'task' });
    expect(await client.request('tools/call', retry)).toMatchObject({
      resultType: 'input_required',
    });
    expect(engine.created).toEqual([created.taskId]);
  });

  it("asks an explicit-start module's question on the call, then goes on as a task", async () => {
    const { client, engine } = await start();
    const call = { name: 'job-named_first', arguments: {} };
    const asked = await client.request('tools/call', call);
    expect(asked).toMatchObject({
      resultType: 'input_required',
      inputRequests: { user_name: { params: { message: 'What is your name?' } } },
    });
    expect(engine.created).toEqual([]);
    const created = await client.request('tools/call', {
      ...call,
      inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
      requestState: asked.requestState,
    });
    expect(engine.created).toEqual([created.taskId]);
    expect(await client.waitFor(created.taskId as string, ['completed'])).toMatchObject({
      result: { content: [{ type: 'text', text: 'Report for Ada' }] },
    });
  });

  it("asks nobody under approval 'allow': the call is a task at once", async () => {
    const { client, engine } = await start({ approval: 'allow' });
    const created = await client.request('tools/call', { name: 'job-approved', arguments: {} });
    expect(created).toMatchObject({ resultType: 'task' });
    expect(engine.created).toEqual([created.taskId]);
  });

  it('lets the 2.x SDK client answer the approval on the call; the task comes after', async () => {
    const { url, engine } = await start();
    const sdkClient = await connectClient({ era: '2026-07-28', transport: 'http', url });
    const asked: string[] = [];
    try {
      const meta = {
        'io.modelcontextprotocol/clientCapabilities': {
          elicitation: { form: {} },
          extensions: { [TASKS_EXTENSION]: {} },
        },
      };
      const answered = sdkClient.callTool(
        'job-approved',
        {},
        {
          meta,
          onElicit: (request) => {
            asked.push(request.message);
            // No task exists while the user is asked.
            expect(engine.created).toEqual([]);
            return { action: 'accept', content: {} };
          },
        },
      );
      // The SDK client answers the question itself, then meets the task, which it has no
      // runtime for yet.
      await expect(answered).rejects.toMatchObject({ data: { resultType: 'task' } });
      expect(asked).toEqual([expect.stringMatching(/^Approve running job\.approved\?/)]);
      expect(engine.created).toHaveLength(1);
    } finally {
      await sdkClient.close();
    }
  });
});
