import type { TaskStatus, TaskView } from '@apcore-mcp/core/bridge';
import type { TaskCreatedResult } from '../../kernel/task-created-result.js';

/**
 * The `tasks` capability of a 2025-11-25 connection: `tools/call` may ask for a task, and
 * `tasks/cancel` is served. No `list`: the engines keep no listing by owner, and a server
 * without authentication could not keep one caller's tasks from another's list.
 *
 * @example
 * ```ts
 * const capabilities = { ...base, tasks: LEGACY_TASKS_CAPABILITY };
 * ```
 */
export const LEGACY_TASKS_CAPABILITY = { cancel: {}, requests: { tools: { call: {} } } };

/**
 * A task as 2025-11-25 shows it (`Task`): its lifetime and polling interval as `ttl` and
 * `pollInterval`, never its owner.
 *
 * @example
 * ```ts
 * const task: LegacyTask = { taskId, status: 'working', createdAt, lastUpdatedAt: createdAt, ttl: 3_600_000, pollInterval: 1000 };
 * ```
 */
export type LegacyTask = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  pollInterval: number;
};

type TaskFields = Pick<
  TaskView,
  | 'taskId'
  | 'status'
  | 'statusMessage'
  | 'createdAt'
  | 'lastUpdatedAt'
  | 'ttlMs'
  | 'pollIntervalMs'
  | 'result'
>;

/**
 * The 2025-11-25 `Task` of a task. A task whose tool answered an error result (`isError`) is
 * `completed` for the engines and 2026-07-28, but `failed` here, as the 2025-11-25 tasks page
 * asks, its status message the tool's error text; `tasks/result` answers that result either way.
 *
 * @example
 * ```ts
 * return toLegacyTask(await engine.get(taskId, owner));
 * ```
 */
export function toLegacyTask(view: TaskFields): LegacyTask {
  const toolFailed = view.status === 'completed' && view.result?.isError === true;
  const task: LegacyTask = {
    taskId: view.taskId,
    status: toolFailed ? 'failed' : view.status,
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttl: view.ttlMs,
    pollInterval: view.pollIntervalMs,
  };
  const statusMessage = (toolFailed ? firstTextOf(view.result) : undefined) ?? view.statusMessage;
  if (statusMessage !== undefined) task.statusMessage = statusMessage;
  return task;
}

/**
 * The answer to a 2025-11-25 `tools/call` that became a task (`CreateTaskResult`): the task
 * under `task`, from the answer the task entry gave in 2026-07-28 terms.
 *
 * @example
 * ```ts
 * if (isTaskCreatedResult(answer)) return toLegacyCreateTaskResult(answer);
 * ```
 */
export function toLegacyCreateTaskResult(created: TaskCreatedResult): { task: LegacyTask } {
  return { task: toLegacyTask(created as unknown as TaskFields) };
}

function firstTextOf(result: Record<string, unknown> | undefined): string | undefined {
  const content = Array.isArray(result?.content) ? (result.content as unknown[]) : [];
  const first = content[0] as { type?: unknown; text?: unknown } | undefined;
  return first?.type === 'text' && typeof first.text === 'string' ? first.text : undefined;
}
