import type { TaskAttemptRunner, TaskEngine, TaskView } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it, vi } from 'vitest';
import { openTestFeatureRuntime } from '../../__fixtures__/feature-runtime.js';
import { ExecutionRouter } from '../../calls/execution-router.js';
import type { HubEmitOptions } from '../../kernel/event-hub.js';
import { TASK_FINISHED_EVENT } from '../../kernel/task-finished-event.js';
import { TASKS_EXTENSION } from '../../kernel/tasks-extension.js';
import { TASKS_FEATURE } from './tasks-feature.js';

const FRAME = {
  name: 'tools',
  version: '1.0.0',
  transport: 'stdio',
  path: '/mcp',
  host: '127.0.0.1',
  allowedHosts: undefined,
} as const;
const LIMITS = {
  taskTtlMs: 60_000,
  taskTimeoutMs: 60_000,
  maxTasks: 10,
  maxTasksPerSubject: 5,
  taskPollIntervalMs: 1000,
  taskAfterMs: 0,
};

/** An engine that keeps no task, recording what the server asks of its lifecycle. */
function createRecordingEngine(closing: () => Promise<void> = async () => {}) {
  const seen = { started: undefined as TaskAttemptRunner | undefined, closes: 0 };
  const engine: TaskEngine = {
    create: async () => {
      throw new Error('not in this test');
    },
    get: async () => undefined,
    update: async () => false,
    cancel: async () => false,
    start: (runner) => {
      seen.started = runner;
    },
    onChange: () => () => {},
    close: () => {
      seen.closes += 1;
      return closing();
    },
  };
  return { engine, seen };
}

describe('the tasks feature', () => {
  it('declares the tasks extension, and is left out of an attached server', async () => {
    const opened = await TASKS_FEATURE.open?.(
      { tasks: undefined, ...LIMITS },
      { ...FRAME, logger: createRecordingLogger() },
      await openTestFeatureRuntime(),
    );
    expect(opened?.surface?.capabilities()).toEqual({ extensions: { [TASKS_EXTENSION]: {} } });
    expect(opened?.surface?.servedWhenAttached).toBe(false);
    expect(opened?.callSteps?.task).toBeTypeOf('function');
    await opened?.close?.();
  });

  it("runs the given engine's attempts through the router, and closes it at drain and close", async () => {
    const { engine, seen } = createRecordingEngine(async () => {
      throw new Error('redis went away');
    });
    const logger = createRecordingLogger();
    const runtime = await openTestFeatureRuntime();
    const opened = await TASKS_FEATURE.open?.(
      { tasks: engine, ...LIMITS },
      { ...FRAME, logger },
      runtime,
    );
    const router = new ExecutionRouter({ executor: runtime.executor, tools: runtime.tools });
    opened?.start?.({ ...runtime, router, toolListChanged: () => {} });
    expect(seen.started).toBeTypeOf('function');
    await opened?.drain?.();
    await opened?.close?.();
    expect(seen.closes).toBe(2);
    expect(logger.warnings()).toEqual([
      'Could not close the task engine',
      'Could not close the task engine',
    ]);
  });

  it('announces each task that ends to its owner, as apcore-mcp.task.finished', async () => {
    const { engine } = createRecordingEngine();
    let changed: ((task: TaskView) => void) | undefined;
    const listening: TaskEngine = {
      ...engine,
      onChange: (listener) => {
        changed = listener;
        return () => {
          changed = undefined;
        };
      },
    };
    const logger = createRecordingLogger();
    const runtime = await openTestFeatureRuntime();
    const opened = await TASKS_FEATURE.open?.(
      { tasks: listening, ...LIMITS },
      { ...FRAME, logger },
      runtime,
    );
    expect(runtime.events.builtIns).toEqual([TASK_FINISHED_EVENT]);
    const view = (status: TaskView['status'], owner: string | null): TaskView => ({
      taskId: 't1',
      owner,
      status,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUpdatedAt: '2026-01-01T00:00:01.000Z',
      ttlMs: 60_000,
      pollIntervalMs: 1000,
    });

    // No events served yet: the task's outcome stands, the refusal is only logged.
    changed?.(view('completed', 'alice'));
    await vi.waitFor(() =>
      expect(logger.messages('debug')).toContain('Could not announce the finished task'),
    );

    const emitted: [string, Record<string, unknown>, HubEmitOptions | undefined][] = [];
    runtime.events.attach({
      addBuiltIn: () => {},
      emit: async (name, data, options) => {
        emitted.push([name, data, options]);
        return { eventId: options?.eventId ?? 'x' };
      },
    });
    changed?.(view('working', 'alice'));
    changed?.(view('failed', 'alice'));
    changed?.(view('cancelled', null));
    expect(emitted).toEqual([
      [
        'apcore-mcp.task.finished',
        { taskId: 't1', status: 'failed', lastUpdatedAt: '2026-01-01T00:00:01.000Z' },
        { eventId: 'task_t1_failed', audience: 'alice' },
      ],
      [
        'apcore-mcp.task.finished',
        { taskId: 't1', status: 'cancelled', lastUpdatedAt: '2026-01-01T00:00:01.000Z' },
        { eventId: 'task_t1_cancelled', audience: '@anonymous' },
      ],
    ]);
    await opened?.close?.();
    expect(changed).toBeUndefined();
  });
});
