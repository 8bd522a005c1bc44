import { isTerminalTaskStatus, type TaskEngine, type TaskView } from '@apcore-mcp/core/bridge';
import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import type { OpenedFeature } from '../../feature-api/server-feature.js';
import { ANONYMOUS_SUBJECT } from '../../kernel/anonymous-subject.js';
import type { EventHubSlot } from '../../kernel/event-hub.js';
import type { Logger } from '../../kernel/logger.js';
import { TASK_FINISHED_EVENT } from '../../kernel/task-finished-event.js';
import { TASKS_EXTENSION } from '../../kernel/tasks-extension.js';
import { openTaskEngine, type TaskEngineOptions } from './open-task-engine.js';
import { runTaskAttempt } from './run-task-attempt.js';
import { RunningCalls } from './running-calls.js';
import { createTaskEntry } from './task-entry.js';
import { registerTaskHandlers } from './task-handlers.js';

/**
 * The tasks of one server: its engine, its wire handlers, its step in the call pipeline, the
 * announcement of each finished task.
 *
 * @example
 * ```ts
 * const opened = openTasks(options, logger, runtime);
 * ```
 */
export function openTasks(
  options: TaskEngineOptions & { taskAfterMs: number },
  logger: Logger,
  runtime: FeatureRuntime,
): OpenedFeature {
  const engine = openTaskEngine(options, logger);
  const running = new RunningCalls();
  runtime.events.defineBuiltIn(TASK_FINISHED_EVENT);
  const stopAnnouncing = engine.onChange((task) => announceFinished(runtime.events, task, logger));
  const close = async (): Promise<void> => {
    await closeEngine(engine, logger);
    stopAnnouncing();
    running.abortAll(new Error('The server is shutting down'));
  };
  const { taskAfterMs } = options;
  return {
    surface: {
      capabilities: () => ({ extensions: { [TASKS_EXTENSION]: {} } }),
      addHandlers: (target, { identity, requests }) => ({
        answerCreatedTask: registerTaskHandlers(target, { engine, identity, requests }),
      }),
      // Answering a `tools/call` with a 2025-11-25 task needs our own Server (RevisionServer).
      servedWhenAttached: false,
    },
    callSteps: {
      task: createTaskEntry(engine, {
        approvalAsksUser: runtime.approvalAsksUser,
        taskAfterMs,
        running,
      }),
    },
    start: ({ router }) =>
      engine.start((call, attempt) => runTaskAttempt(router, call, attempt, running)),
    // While the router still takes their calls: the engine lets its attempts finish or hands
    // their tasks on, rather than taking a refused or aborted attempt for the task's outcome.
    drain: close,
    // Again after the last call (closing twice is harmless): a server whose start failed
    // never drained.
    close,
  };
}

/**
 * Emits `apcore-mcp.task.finished` for a task that ended, to its owner only. The event id is
 * the task's and its status: every instance hears a change of a shared engine, and the log
 * keeps one occurrence per id.
 */
function announceFinished(events: EventHubSlot, task: TaskView, logger: Logger): void {
  if (!isTerminalTaskStatus(task.status)) return;
  const { taskId, status, lastUpdatedAt } = task;
  events
    .emit(
      TASK_FINISHED_EVENT.name,
      { taskId, status, lastUpdatedAt },
      { eventId: `task_${taskId}_${status}`, audience: task.owner ?? ANONYMOUS_SUBJECT },
    )
    .catch((error: unknown) => {
      // Events not served (yet), or a log that failed: the task's outcome stands regardless.
      logger.debug({ err: error, taskId }, 'Could not announce the finished task');
    });
}

/** Closes the engine, cancelling the tasks it still runs here; never rejects. */
async function closeEngine(engine: TaskEngine, logger: Logger): Promise<void> {
  await engine.close().catch((error: unknown) => {
    logger.warn({ err: error }, 'Could not close the task engine');
  });
}
