import type { CliOnlySetting } from './cli-only-setting.js';

/**
 * The settings of the Redis task engine the command builds (`@apcore-mcp/tasks`): where tasks
 * live, whether `serve` runs attempts too, and when a silent worker's attempt counts as lost.
 *
 * @example
 * ```ts
 * TASK_ENGINE_SETTINGS.map((setting) => setting.key); // ['tasks', 'task-worker', 'task-lost-after']
 * ```
 */
export const TASK_ENGINE_SETTINGS: readonly CliOnlySetting[] = [
  {
    concern: 'tasks',
    key: 'tasks',
    kind: 'store-url',
    help: "Keep tasks in Redis (redis://host:port) and run them on BullMQ, shared by every server and `apcore-mcp worker` using it (default: this process's memory)",
  },
  {
    concern: 'tasks',
    key: 'task-worker',
    kind: 'boolean',
    help: 'With --tasks, also run task attempts in this server (default: only `apcore-mcp worker` processes run them)',
  },
  {
    concern: 'tasks',
    key: 'task-lost-after',
    kind: 'integer',
    limits: { minimum: 1 },
    help: 'With --tasks, seconds a worker may go silent before its attempt counts as lost; its task then fails, or runs once more if its module is idempotent (default 30)',
  },
];
