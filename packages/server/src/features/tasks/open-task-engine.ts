import type { TaskEngine } from '@apcore-mcp/core/bridge';
import type { Logger } from '../../kernel/logger.js';
import { MemoryTaskEngine } from './memory-task-engine.js';

/**
 * The task options as the server reads them.
 *
 * @example
 * ```ts
 * const options: TaskEngineOptions = { tasks: undefined, taskTtlMs: 3_600_000, taskTimeoutMs: 3_600_000, maxTasks: 1000, maxTasksPerSubject: 100, taskPollIntervalMs: 1000 };
 * ```
 */
export interface TaskEngineOptions {
  tasks: TaskEngine | undefined;
  taskTtlMs: number;
  taskTimeoutMs: number;
  maxTasks: number;
  maxTasksPerSubject: number;
  taskPollIntervalMs: number;
}

/**
 * The engine the options name (`tasks`), or one in this process's memory bounded by the other
 * task options.
 *
 * @example
 * ```ts
 * const engine = openTaskEngine(options, logger);
 * ```
 */
export function openTaskEngine(options: TaskEngineOptions, logger: Logger): TaskEngine {
  if (options.tasks !== undefined) return options.tasks;
  const limits = {
    ttlMs: options.taskTtlMs,
    timeoutMs: options.taskTimeoutMs,
    maxTasks: options.maxTasks,
    maxTasksPerSubject: options.maxTasksPerSubject,
    pollIntervalMs: options.taskPollIntervalMs,
  };
  return new MemoryTaskEngine(limits, logger);
}
