import { TaskLimitError } from '@apcore-mcp/core';
import type { AttemptOutcome, TaskCall, TaskView } from '@apcore-mcp/core/bridge';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryTaskEngine, type TaskLimits } from './memory-task-engine.js';

const LIMITS: TaskLimits = {
  ttlMs: 60_000,
  timeoutMs: 60_000,
  maxTasks: 10,
  maxTasksPerSubject: 2,
  pollIntervalMs: 500,
};
const CALL: TaskCall = { tool: 'job', arguments: {}, identity: null, era: '2026-07-28' };
const DONE: AttemptOutcome = { kind: 'result', result: { content: [] } };

const engines: MemoryTaskEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  vi.useRealTimers();
});

/** An engine whose attempts wait until the test settles them, by task id. */
function controlledEngine(limits: Partial<TaskLimits> = {}) {
  const settle = new Map<string, (outcome: AttemptOutcome) => void>();
  const engine = new MemoryTaskEngine({ ...LIMITS, ...limits }, silentLogger);
  engine.start((_call, { taskId }) => new Promise((resolve) => settle.set(taskId, resolve)));
  engines.push(engine);
  /** Ends the task's attempt with `outcome`; resolves once the engine recorded it. */
  const end = (taskId: string, outcome: AttemptOutcome = DONE): Promise<TaskView> =>
    new Promise((resolve) => {
      const stop = engine.onChange((task) => {
        if (task.taskId !== taskId) return;
        stop();
        resolve(task);
      });
      settle.get(taskId)?.(outcome);
    });
  return { engine, end };
}

/** What `create` rejected with. */
function refusalOf(created: Promise<unknown>): Promise<TaskLimitError> {
  return created.then(
    () => {
      throw new Error('the task was created');
    },
    (error: unknown) => {
      if (!TaskLimitError.isInstance(error)) throw error;
      return error;
    },
  );
}

describe('MemoryTaskEngine task slots', () => {
  it('refuses a subject past maxTasksPerSubject, saying when its oldest expires; others go on', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-30T10:00:00.000Z') });
    const { engine } = controlledEngine();
    await engine.create(CALL, 'alice');
    vi.advanceTimersByTime(1000);
    await engine.create(CALL, 'alice');
    const refused = await refusalOf(engine.create(CALL, 'alice'));
    expect(refused.details).toEqual({
      limit: 'maxTasksPerSubject',
      max: 2,
      oldestExpiresAt: '2026-11-30T10:01:00.000Z',
    });
    expect(refused.message).toContain('the oldest expires at 2026-11-30T10:01:00.000Z');
    expect((await engine.create(CALL, 'bob')).status).toBe('working');
    expect((await engine.create(CALL, null)).status).toBe('working');
  });

  it('counts an ended task until its owner is handed its outcome, then frees its slot', async () => {
    const { engine, end } = controlledEngine({ maxTasksPerSubject: 1 });
    const { taskId } = await engine.create(CALL, 'alice');
    // Neither a release of a running task nor another owner's release frees anything.
    await engine.release(taskId, 'alice');
    await end(taskId);
    await engine.release(taskId, 'bob');
    await refusalOf(engine.create(CALL, 'alice'));
    await engine.release(taskId, 'alice');
    expect((await engine.create(CALL, 'alice')).status).toBe('working');
    // Its record stays for tasks/get.
    expect(await engine.get(taskId, 'alice')).toMatchObject({ status: 'completed' });
  });

  it('counts a failed task (its time limit too) until its outcome is fetched', async () => {
    const { engine } = controlledEngine({ maxTasksPerSubject: 1, timeoutMs: 1 });
    const { taskId } = await engine.create(CALL, 'alice');
    await vi.waitFor(async () =>
      expect((await engine.get(taskId, 'alice'))?.status).toBe('failed'),
    );
    await refusalOf(engine.create(CALL, 'alice'));
    await engine.release(taskId, 'alice');
    expect((await engine.create(CALL, 'alice')).status).toBe('working');
  });

  it('frees the slot of a cancelled task', async () => {
    const { engine } = controlledEngine({ maxTasksPerSubject: 1 });
    const { taskId } = await engine.create(CALL, 'alice');
    expect(await engine.cancel(taskId, 'alice')).toBe(true);
    expect((await engine.create(CALL, 'alice')).status).toBe('working');
  });

  it('frees the slot of an expired task', async () => {
    vi.useFakeTimers();
    const { engine } = controlledEngine({ maxTasksPerSubject: 1, ttlMs: 5000 });
    await engine.create(CALL, 'alice');
    vi.advanceTimersByTime(5000);
    expect((await engine.create(CALL, 'alice')).status).toBe('working');
  });

  it('bounds the live tasks of all subjects with maxTasks, naming it', async () => {
    const { engine } = controlledEngine({ maxTasks: 2 });
    await engine.create(CALL, 'alice');
    await engine.create(CALL, 'bob');
    const refused = await refusalOf(engine.create(CALL, 'carol'));
    expect(refused.details).toMatchObject({ limit: 'maxTasks', max: 2 });
  });

  it('keeps at most maxTasks released records, forgetting the oldest', async () => {
    vi.useFakeTimers();
    const { engine, end } = controlledEngine({ maxTasks: 2, maxTasksPerSubject: 2 });
    const oldest = (await engine.create(CALL, 'alice')).taskId;
    vi.advanceTimersByTime(1);
    const older = (await engine.create(CALL, 'alice')).taskId;
    for (const taskId of [older, oldest]) {
      await end(taskId);
      await engine.release(taskId, 'alice');
    }
    vi.advanceTimersByTime(1);
    const newest = (await engine.create(CALL, 'alice')).taskId;
    await end(newest);
    await engine.release(newest, 'alice');
    expect(await engine.get(oldest, 'alice')).toBe(undefined);
    expect((await engine.get(older, 'alice'))?.status).toBe('completed');
    expect((await engine.get(newest, 'alice'))?.status).toBe('completed');
    // Released records never hold a slot: two live tasks still fit beside them.
    await engine.create(CALL, 'alice');
    await engine.create(CALL, 'alice');
  });
});
