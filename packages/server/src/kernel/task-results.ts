import type { TaskView } from '@apcore-mcp/core/bridge';
import type { TaskCreatedResult } from './task-created-result.js';

export { TASKS_EXTENSION } from './tasks-extension.js';

/**
 * The fields of a task every answer about it carries (`Task`): never its owner.
 *
 * @example
 * ```ts
 * const task = toWireTask(view); // { taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs }
 * ```
 */
export function toWireTask(view: TaskView): Record<string, unknown> {
  const task: Record<string, unknown> = {
    taskId: view.taskId,
    status: view.status,
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttlMs: view.ttlMs,
    pollIntervalMs: view.pollIntervalMs,
  };
  if (view.statusMessage !== undefined) task.statusMessage = view.statusMessage;
  return task;
}

/**
 * The answer to a `tools/call` that became a task (2026-07-28 `CreateTaskResult`: the task's
 * fields at the top level, `resultType: "task"`).
 *
 * @example
 * ```ts
 * return toCreateTaskResult(await engine.create(call, owner));
 * ```
 */
export function toCreateTaskResult(view: TaskView): TaskCreatedResult {
  return { ...toWireTask(view), resultType: 'task', taskId: view.taskId, status: view.status };
}

/**
 * `tasks/get`'s answer (`DetailedTask`): the task, plus its result, error or open questions
 * by status.
 *
 * @example
 * ```ts
 * return toDetailedTask(await engine.get(taskId, owner));
 * ```
 */
export function toDetailedTask(view: TaskView): Record<string, unknown> {
  const task = toWireTask(view);
  if (view.status === 'completed' && view.result !== undefined) task.result = view.result;
  if (view.status === 'failed' && view.error !== undefined) task.error = view.error;
  if (view.status === 'input_required') task.inputRequests = view.inputRequests ?? {};
  return task;
}
