import { isTerminalTaskStatus, type TaskEngine, type TaskView } from '@apcore-mcp/core/bridge';
import type { Server } from '@modelcontextprotocol/server';
import { toLegacyTask } from './task-wire.js';

/**
 * Tells a 2025-11-25 connection of each change of status of the tasks it created
 * (`notifications/tasks/status`, the whole task), until each ends. It listens to the engine
 * only while it follows a task, so a connection that went away stops listening once its tasks
 * end. The notifications are advisory (clients keep polling): one that cannot be sent is
 * dropped.
 *
 * @example
 * ```ts
 * const notices = new LegacyTaskStatusNotices(server, engine);
 * notices.follow(taskId);
 * ```
 */
export class LegacyTaskStatusNotices {
  readonly #server: Server;
  readonly #engine: TaskEngine;
  readonly #followed = new Set<string>();
  #unsubscribe: (() => void) | undefined;

  constructor(server: Server, engine: TaskEngine) {
    this.#server = server;
    this.#engine = engine;
  }

  /** Notifies the connection of the changes of `taskId` from now until it ends. */
  follow(taskId: string): void {
    this.#followed.add(taskId);
    this.#unsubscribe ??= this.#engine.onChange((task) => this.#notify(task));
  }

  #notify(task: TaskView): void {
    if (!this.#followed.has(task.taskId)) return;
    if (isTerminalTaskStatus(task.status)) this.#forget(task.taskId);
    this.#server
      .notification({ method: 'notifications/tasks/status', params: toLegacyTask(task) })
      .catch(() => {});
  }

  #forget(taskId: string): void {
    this.#followed.delete(taskId);
    if (this.#followed.size > 0) return;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
