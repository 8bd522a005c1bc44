import type { TaskEngine } from '@apcore-mcp/core/bridge';
import { AttemptQueue } from './attempt-queue.js';
import { BullmqTaskEngine } from './bullmq-task-engine.js';
import {
  type BullmqTaskEngineOptions,
  resolveEngineOptions,
} from './bullmq-task-engine-options.js';
import { openRedisConnections } from './redis-connections.js';
import { parseChange, TaskStore } from './task-store.js';

/**
 * A task engine that keeps tasks in Redis and runs their attempts on BullMQ, for server
 * instances behind one endpoint and `apcore-mcp worker` processes: any of them answers for any
 * task, and an attempt runs on whichever worker takes it. Resolves once connected and listening
 * for task changes. Give it to the server's `tasks` option; the server starts and closes it.
 *
 * Each task is one Redis hash (the task, its call, its questions) expiring with the task's TTL;
 * each attempt one BullMQ job. Cancelling, or the time limit, stops a running attempt wherever
 * it runs; a worker that dies mid-attempt is noticed by BullMQ's stalled-job check and the task
 * then fails, or runs once more when its call is retryable (an idempotent module).
 *
 * @throws {RangeError} for a URL that is not `redis://` or `rediss://`, or a limit that is not a
 *   positive integer.
 * @throws {Error} when Redis cannot be reached.
 * @example
 * ```ts
 * import { createBullmqTaskEngine } from '@apcore-mcp/tasks';
 *
 * const tasks = await createBullmqTaskEngine({ connection: 'redis://127.0.0.1:6379', logger });
 * await serve(registry, { transport: 'streamable-http', tasks });
 * ```
 */
export async function createBullmqTaskEngine(
  options: BullmqTaskEngineOptions,
): Promise<TaskEngine> {
  const settings = resolveEngineOptions(options);
  const connections = openRedisConnections(settings.connection, settings.logger);
  try {
    await connections.commands.ping();
    const { maxTasks, maxTasksPerSubject } = settings;
    const store = new TaskStore(connections.commands, settings.prefix, {
      maxTasks,
      maxTasksPerSubject,
    });
    const queue = new AttemptQueue(connections.commands, settings.prefix, settings.logger);
    const engine = new BullmqTaskEngine({ settings, connections, store, queue });
    await connections.subscribe(store.channel, (message) => {
      const view = parseChange(message);
      if (view !== undefined) engine.notify(view);
    });
    return engine;
  } catch (error) {
    await connections.close();
    throw error;
  }
}
