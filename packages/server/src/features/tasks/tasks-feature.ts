import { defineServerFeature } from '../../feature-api/server-feature.js';
import { TASK_OPTIONS } from './task-options.js';

/**
 * MCP tasks: calls of task-supporting tools become tasks in an engine (the `tasks` option's, or
 * one in this process's memory), answered on both revisions' wire (`tasks/get`, `tasks/update`,
 * `tasks/cancel`, `tasks/result`), their attempts run through the whole call pipeline; each
 * task that ends is announced to its owner as an `apcore-mcp.task.finished` event. Always on:
 * a server without task-supporting tools creates none.
 *
 * @example
 * ```ts
 * const features = [TASKS_FEATURE];
 * ```
 */
export const TASKS_FEATURE = defineServerFeature({
  name: 'tasks',
  options: TASK_OPTIONS,
  // Loaded when it opens: the option table never needs the tasks' code.
  open: async (options, frame, runtime) =>
    (await import('./open-tasks.js')).openTasks(options, frame.logger, runtime),
});
