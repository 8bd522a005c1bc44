import { silentLogger } from '@apcore-mcp/core/bridge';
import {
  InMemoryTransport,
  type JSONRPCMessage,
  Server,
  type ServerCapabilities,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { MemoryTaskEngine } from '../../features/tasks/memory-task-engine.js';
import { EVENTS_EXTENSION } from '../../kernel/events-extension.js';
import { rev2025Codec } from './codec.js';

const LIMITS = {
  ttlMs: 60_000,
  timeoutMs: 60_000,
  maxTasks: 5,
  maxTasksPerSubject: 5,
  pollIntervalMs: 500,
};

/** A request context of a 2025-11-25 session: no envelope, real server-to-client requests. */
function contextOf(id: number = 1): ServerContext {
  return {
    sessionId: 's-1',
    mcpReq: {
      id,
      signal: new AbortController().signal,
      send: vi.fn(async () => ({ action: 'accept' })),
    },
  } as unknown as ServerContext;
}

function createServer(): Server {
  return new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
}

describe('the 2025-11-25 codec', () => {
  it('serves sessions that ask the client with real requests', () => {
    expect(rev2025Codec).toMatchObject({
      era: '2025-11-25',
      sessions: true,
      updatesNeedSubscription: true,
      tasksStartAtOnce: true,
      events: false,
      privateResultHints: {},
    });
  });

  it('declares no events: the extension and the top-level key are dropped, the rest kept', () => {
    const declared = rev2025Codec.serverCapabilities(
      {
        tools: {},
        extensions: { [EVENTS_EXTENSION]: {}, 'io.example/other': {} },
        events: {},
      } as ServerCapabilities,
      { tasks: false, version: '2025-11-25' },
    );
    expect(declared).toEqual({ tools: {}, extensions: { 'io.example/other': {} } });
    expect(
      rev2025Codec.serverCapabilities(
        { tools: {}, extensions: { [EVENTS_EXTENSION]: {} } },
        { tasks: false, version: '2025-11-25' },
      ),
    ).toEqual({ tools: {} });
  });

  it('gives a call elicitation/create and a task request, from the connection', async () => {
    const ctx = contextOf();
    const extra = rev2025Codec.callExtra(ctx, createServer(), { params: { task: { ttl: 1000 } } });
    expect(extra).toMatchObject({ era: '2025-11-25', taskRequested: true });
    expect(extra.inputRound).toBeUndefined();
    await extra.elicit?.({ message: 'ok?', requestedSchema: { type: 'object' } });
    expect(ctx.mcpReq.send).toHaveBeenCalledWith(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'ok?', requestedSchema: { type: 'object' } },
      },
      undefined,
    );
    await extra.request?.({ method: 'roots/list' });
    expect(ctx.mcpReq.send).toHaveBeenLastCalledWith({ method: 'roots/list' }, undefined);
    expect(rev2025Codec.callExtra(ctx, createServer(), {}).taskRequested).toBeUndefined();
  });

  it('sends a missing resource with -32002, the code of its revision, and nothing else changed', async () => {
    const server = createServer();
    rev2025Codec.prepareServer(server);
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const received: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => received.push(message);
    await clientSide.start();
    await server.connect(serverSide);
    const error = rev2025Codec.resourceNotFound('file:///gone', { server, ctx: contextOf(7) });
    expect(error).toMatchObject({
      message: 'Resource not found: file:///gone',
      data: { uri: 'file:///gone' },
    });
    const answer = (id: number) => ({
      jsonrpc: '2.0' as const,
      id,
      error: { code: -32602, message: error.message, data: { uri: 'file:///gone' } },
    });
    await serverSide.send(answer(7));
    await serverSide.send(answer(8));
    expect(received).toEqual([
      { ...answer(7), error: { ...answer(7).error, code: -32002 } },
      answer(8),
    ]);
    await server.close();
  });

  it('takes tasks when the request asked for one, and refuses a task-only tool -32601', () => {
    expect(rev2025Codec.takesTasks({ tasksServed: true, taskRequested: true })).toBe(true);
    expect(rev2025Codec.takesTasks({ tasksServed: false, taskRequested: true })).toBe(false);
    expect(rev2025Codec.takesTasks({ tasksServed: true })).toBe(false);
    expect(rev2025Codec.refuseTaskRequired()).toMatchObject({
      code: -32601,
      message: 'This tool runs only as a task: call it with the task parameter',
    });
  });

  it('declares the tasks capability to a 2025-11-25 connection only, and only with tasks', () => {
    const capabilities = { tools: {} };
    const withTasks = rev2025Codec.serverCapabilities(capabilities, {
      tasks: true,
      version: '2025-11-25',
    });
    expect(withTasks).toMatchObject({
      tools: {},
      tasks: { cancel: {}, requests: { tools: { call: {} } } },
    });
    for (const version of ['2025-06-18', undefined]) {
      expect(rev2025Codec.serverCapabilities(capabilities, { tasks: true, version })).toEqual(
        capabilities,
      );
    }
    expect(
      rev2025Codec.serverCapabilities(capabilities, { tasks: false, version: '2025-11-25' }),
    ).toEqual(capabilities);
  });

  it('serves the experimental task API: ttl and pollInterval, { task } for a created one, no tasks/update', async () => {
    const engine = new MemoryTaskEngine(LIMITS, silentLogger);
    // Attempts that run until the engine closes.
    engine.start(() => new Promise(() => {}));
    const api = rev2025Codec.taskApi(createServer(), { engine, identity: undefined });
    const view = await engine.create(
      { tool: 'job', arguments: {}, identity: null, era: '2025-11-25' },
      null,
    );
    const ctx = contextOf();
    expect(await api.get(view.taskId, ctx)).toMatchObject({
      taskId: view.taskId,
      ttl: 60_000,
      pollInterval: 500,
    });
    const created = { ...view, resultType: 'task' as const };
    expect(api.created(created)).toMatchObject({ task: { taskId: view.taskId, ttl: 60_000 } });
    await expect(api.update({ taskId: view.taskId }, ctx)).rejects.toMatchObject({ code: -32601 });
    expect(await api.cancel(view.taskId, ctx)).toMatchObject({
      taskId: view.taskId,
      status: 'cancelled',
    });
    await expect(api.cancel(view.taskId, ctx)).rejects.toMatchObject({ code: -32602 });
    await expect(api.get('nope', ctx)).rejects.toMatchObject({
      code: -32602,
      data: { taskId: 'nope' },
    });
    await engine.close();
  });
});
