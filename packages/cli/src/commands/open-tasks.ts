import type { Logger, TaskEngine } from '@apcore-mcp/core/bridge';
import {
  flagSetting,
  numberSetting,
  type ResolvedSettings,
  textSetting,
} from '../settings/settings.js';
import { reachStore } from './reach-store.js';

/**
 * The Redis task engine of `--tasks` (`@apcore-mcp/tasks`, loaded with the flag only), bounded
 * by the task settings (`--task-ttl`, `--task-timeout`, `--max-tasks`,
 * `--max-tasks-per-subject`; the engine's defaults are the server's); `undefined` without
 * `--tasks`. It runs attempts in this process for `worker`, and for `serve` with
 * `--task-worker`. The server closes it on shutdown.
 *
 * @throws {CliError} `STARTUP_FAILED` (exit 2) when Redis cannot be reached.
 * @example
 * ```ts
 * const tasks = await openTasks(resolved, logger, { worker: false });
 * ```
 */
export async function openTasks(
  resolved: ResolvedSettings,
  logger: Logger,
  role: { worker: boolean },
): Promise<TaskEngine | undefined> {
  const url = textSetting(resolved, 'tasks');
  if (url === undefined) return undefined;
  const { taskTtlMs, taskTimeoutMs, maxTasks, maxTasksPerSubject, taskPollIntervalMs } =
    resolved.serveOptions;
  const lostAfter = numberSetting(resolved, 'task-lost-after');
  const { createBullmqTaskEngine } = await import('@apcore-mcp/tasks');
  return reachStore(resolved, 'tasks', 'task store', () =>
    createBullmqTaskEngine({
      connection: url,
      logger,
      runAttempts: role.worker || flagSetting(resolved, 'task-worker'),
      ttlMs: taskTtlMs,
      timeoutMs: taskTimeoutMs,
      pollIntervalMs: taskPollIntervalMs,
      maxTasks,
      maxTasksPerSubject,
      workerLostAfterMs: lostAfter === undefined ? undefined : lostAfter * 1000,
    }),
  );
}
