import { silentLogger } from '@apcore-mcp/core/bridge';
import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { MemoryTaskEngine } from '../../features/tasks/memory-task-engine.js';
import { EVENTS_EXTENSION } from '../../kernel/events-extension.js';
import { TASKS_EXTENSION } from '../../kernel/tasks-extension.js';
import { rev2026Codec } from './codec.js';

const LIMITS = {
  ttlMs: 60_000,
  timeoutMs: 60_000,
  maxTasks: 5,
  maxTasksPerSubject: 5,
  pollIntervalMs: 500,
};
const WITH_TASKS = { extensions: { [TASKS_EXTENSION]: {} } };

/** A 2026-07-28 request context: its version and capabilities in its envelope. */
function contextOf(capabilities: object = {}, mcpReq: object = {}): ServerContext {
  return {
    mcpReq: {
      id: 1,
      signal: new AbortController().signal,
      envelope: {
        [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
        [CLIENT_CAPABILITIES_META_KEY]: capabilities,
      },
      inputResponses: undefined,
      requestState: () => undefined,
      ...mcpReq,
    },
  } as unknown as ServerContext;
}

const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });

describe('the 2026-07-28 codec', () => {
  it('serves stateless requests that ask through input rounds', () => {
    expect(rev2026Codec).toMatchObject({
      era: '2026-07-28',
      sessions: false,
      updatesNeedSubscription: false,
      tasksStartAtOnce: false,
      events: true,
      privateResultHints: { ttlMs: 0, cacheScope: 'private' },
    });
  });

  it('declares the events extension and the top-level events key as the features give them', () => {
    const capabilities = { tools: {}, extensions: { [EVENTS_EXTENSION]: {} }, events: {} };
    expect(
      rev2026Codec.serverCapabilities(capabilities, { tasks: false, version: '2026-07-28' }),
    ).toEqual(capabilities);
  });

  it('reads a call from the request envelope, with an input round and no client requests', async () => {
    const mint = vi.fn(async () => 'signed');
    const ctx = contextOf({ elicitation: { form: {} } });
    const extra = rev2026Codec.callExtra(ctx, server, {
      requestState: { mint },
      params: { task: {} },
    });
    expect(extra).toMatchObject({
      era: '2026-07-28',
      protocolVersion: '2026-07-28',
      clientCapabilities: { elicitation: { form: {} } },
    });
    expect(extra.elicit).toBeUndefined();
    expect(extra.request).toBeUndefined();
    expect(extra.taskRequested).toBeUndefined();
    const question = {
      method: 'elicitation/create' as const,
      params: { message: 'ok?', requestedSchema: { type: 'object' as const } },
    };
    const answer = await extra.inputRound?.require({ ok: question }, { step: 1 });
    expect(answer).toMatchObject({ resultType: 'input_required', requestState: 'signed' });
    expect(mint).toHaveBeenCalledWith({ step: 1 }, ctx);
    expect(rev2026Codec.protocolVersion(ctx, server)).toBe('2026-07-28');
  });

  it('answers a missing resource -32602 with the URI', () => {
    const error = rev2026Codec.resourceNotFound('file:///gone', { server, ctx: contextOf() });
    expect(error).toMatchObject({
      code: -32602,
      message: 'Resource not found: file:///gone',
      data: { uri: 'file:///gone' },
    });
  });

  it('takes tasks from a client declaring the extension, and refuses a task-only tool -32021', () => {
    expect(rev2026Codec.takesTasks({ tasksServed: true, clientCapabilities: WITH_TASKS })).toBe(
      true,
    );
    expect(rev2026Codec.takesTasks({ tasksServed: false, clientCapabilities: WITH_TASKS })).toBe(
      false,
    );
    expect(rev2026Codec.takesTasks({ tasksServed: true, taskRequested: true })).toBe(false);
    expect(rev2026Codec.refuseTaskRequired()).toMatchObject({
      code: -32021,
      message: expect.stringContaining(TASKS_EXTENSION),
    });
  });

  it('declares no tasks capability: clients learn of tasks from the extension', () => {
    const capabilities = { tools: {} };
    expect(
      rev2026Codec.serverCapabilities(capabilities, { tasks: true, version: '2026-07-28' }),
    ).toEqual(capabilities);
  });

  it('serves the tasks extension: detailed tasks, -32021 without it, no tasks/result', async () => {
    const engine = new MemoryTaskEngine(LIMITS, silentLogger);
    // Attempts that run until the engine closes.
    engine.start(() => new Promise(() => {}));
    const api = rev2026Codec.taskApi(server, { engine, identity: undefined });
    const call = { tool: 'job', arguments: {}, identity: null, era: '2026-07-28' as const };
    const view = await engine.create(call, null);
    const ctx = contextOf(WITH_TASKS);
    expect(await api.get(view.taskId, ctx)).toMatchObject({ taskId: view.taskId, ttlMs: 60_000 });
    await expect(api.get(view.taskId, contextOf())).rejects.toMatchObject({ code: -32021 });
    await expect(api.get('nope', ctx)).rejects.toMatchObject({
      code: -32602,
      data: { taskId: 'nope' },
    });
    await expect(api.result(view.taskId, ctx)).rejects.toMatchObject({ code: -32601 });
    expect(await api.cancel(view.taskId, ctx)).toEqual({});
    const created = { resultType: 'task' as const, taskId: view.taskId, status: 'working' };
    expect(api.created(created)).toBe(created);
    await engine.close();
  });
});
