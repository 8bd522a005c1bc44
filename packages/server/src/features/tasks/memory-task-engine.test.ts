import { TaskLimitError } from '@apcore-mcp/core';
import type { AttemptContext, AttemptOutcome, TaskCall, TaskView } from '@apcore-mcp/core/bridge';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { describe, expect, it, vi } from 'vitest';
import { MemoryTaskEngine, type TaskLimits } from './memory-task-engine.js';

const LIMITS: TaskLimits = {
  ttlMs: 60_000,
  timeoutMs: 60_000,
  maxTasks: 10,
  maxTasksPerSubject: 10,
  pollIntervalMs: 500,
};
const CALL: TaskCall = { tool: 'job', arguments: {}, identity: null, era: '2026-07-28' };

/** An engine whose attempts wait until the test settles them, one by one. */
function controlledEngine(limits: TaskLimits = LIMITS) {
  const attempts: {
    call: TaskCall;
    context: AttemptContext;
    settle: (outcome: AttemptOutcome) => void;
  }[] = [];
  const engine = new MemoryTaskEngine(limits, silentLogger);
  engine.start(
    (call, context) =>
      new Promise<AttemptOutcome>((settle) => attempts.push({ call, context, settle })),
  );
  return { engine, attempts };
}

/** Resolves with the next status change of `taskId`. */
function nextChange(engine: MemoryTaskEngine, taskId: string): Promise<TaskView> {
  return new Promise((resolve) => {
    const stop = engine.onChange((task) => {
      if (task.taskId !== taskId) return;
      stop();
      resolve(task);
    });
  });
}

describe('MemoryTaskEngine', () => {
  it('creates a working task, then keeps the attempt result once it completes', async () => {
    const { engine, attempts } = controlledEngine();
    const task = await engine.create(CALL, 'alice');
    expect(task).toMatchObject({ status: 'working', ttlMs: 60_000, pollIntervalMs: 500 });
    const completed = nextChange(engine, task.taskId);
    attempts[0]?.settle({ kind: 'result', result: { content: [{ type: 'text', text: 'ok' }] } });
    expect(await completed).toMatchObject({ status: 'completed' });
    expect(await engine.get(task.taskId, 'alice')).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'ok' }] },
    });
    await engine.close();
  });

  it('hides a task from any other owner: get, update and cancel say it is unknown', async () => {
    const { engine } = controlledEngine();
    const { taskId } = await engine.create(CALL, 'alice');
    expect(await engine.get(taskId, 'bob')).toBe(undefined);
    expect(await engine.get(taskId, null)).toBe(undefined);
    expect(await engine.update(taskId, 'bob', {})).toBe(false);
    expect(await engine.cancel(taskId, 'bob')).toBe(false);
    expect((await engine.get(taskId, 'alice'))?.status).toBe('working');
    await engine.close();
  });

  it('asks, takes the answers through update, and runs again with them', async () => {
    const { engine, attempts } = controlledEngine();
    const { taskId } = await engine.create(CALL, null);
    const asked = nextChange(engine, taskId);
    attempts[0]?.settle({
      kind: 'input',
      inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Sure?' } } },
      state: { round: 'r1' },
    });
    expect(await asked).toMatchObject({ status: 'input_required', inputRequests: { confirm: {} } });
    const working = nextChange(engine, taskId);
    expect(await engine.update(taskId, null, { confirm: { action: 'accept' } })).toBe(true);
    expect((await working).status).toBe('working');
    expect(attempts[1]?.call.round).toEqual({
      responses: { confirm: { action: 'accept' } },
      state: { round: 'r1' },
    });
    await engine.close();
  });

  it('cancels at once, aborts the attempt, and keeps cancelled whatever the attempt answers', async () => {
    const { engine, attempts } = controlledEngine();
    const { taskId } = await engine.create(CALL, null);
    expect(await engine.cancel(taskId, null)).toBe(true);
    expect(attempts[0]?.context.signal.aborted).toBe(true);
    attempts[0]?.settle({ kind: 'result', result: { content: [] } });
    expect((await engine.get(taskId, null))?.status).toBe('cancelled');
    expect(await engine.cancel(taskId, null)).toBe(true);
    await engine.close();
  });

  it('fails a task that runs past its time limit, with a -32603 saying so', async () => {
    const { engine, attempts } = controlledEngine({ ...LIMITS, timeoutMs: 1 });
    const { taskId } = await engine.create(CALL, null);
    const failed = await nextChange(engine, taskId);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: -32603, message: 'Task timed out after 1 ms' },
    });
    expect(attempts[0]?.context.signal.aborted).toBe(true);
    await engine.close();
  });

  it('keeps a task for its ttlMs, then forgets it (and makes room for another)', async () => {
    vi.useFakeTimers();
    try {
      const { engine } = controlledEngine({
        ...LIMITS,
        ttlMs: 5000,
        timeoutMs: 60_000,
        maxTasks: 1,
      });
      const { taskId } = await engine.create(CALL, null);
      vi.advanceTimersByTime(4999);
      expect((await engine.get(taskId, null))?.status).toBe('working');
      vi.advanceTimersByTime(1);
      expect(await engine.get(taskId, null)).toBe(undefined);
      expect((await engine.create(CALL, null)).status).toBe('working');
      await engine.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a task beyond maxTasks with TaskLimitError', async () => {
    const { engine } = controlledEngine({ ...LIMITS, maxTasks: 1 });
    await engine.create(CALL, null);
    const refused = await engine.create(CALL, null).catch((error: unknown) => error);
    expect(TaskLimitError.isInstance(refused)).toBe(true);
    await engine.close();
  });

  it('reports progress as the status message of the running attempt', async () => {
    const { engine, attempts } = controlledEngine();
    const { taskId } = await engine.create(CALL, null);
    attempts[0]?.context.setStatusMessage('3/10: reading');
    expect((await engine.get(taskId, null))?.statusMessage).toBe('3/10: reading');
    await engine.close();
  });
});
