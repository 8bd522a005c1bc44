import { isCurrentAttempt } from './task-record.js';
import type { TaskStore } from './task-store.js';

/**
 * Writes the progress of one attempt as its task's `statusMessage`, one write at a time: a
 * message that comes while one is written replaces any still waiting, so a module reporting
 * progress in a tight loop costs a few writes, never a queue of them. A message of an attempt
 * that is no longer the task's current one, or of a task that ended, is dropped.
 *
 * @example
 * ```ts
 * const messages = new StatusMessageWriter(store, taskId, attempt);
 * messages.write('3/10: reading');
 * ```
 */
export class StatusMessageWriter {
  readonly #store: TaskStore;
  readonly #taskId: string;
  readonly #attempt: number;
  #waiting: string | undefined;
  #writing = false;

  constructor(store: TaskStore, taskId: string, attempt: number) {
    this.#store = store;
    this.#taskId = taskId;
    this.#attempt = attempt;
  }

  /** Records `message` as the task's status message (soon; never fails the attempt). */
  write(message: string): void {
    this.#waiting = message;
    if (!this.#writing) void this.#flush();
  }

  async #flush(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#waiting !== undefined) {
        const message = this.#waiting;
        this.#waiting = undefined;
        await this.#store.change(this.#taskId, (record) => {
          if (!isCurrentAttempt(record, this.#attempt)) return undefined;
          const view = { ...record.view, statusMessage: message };
          return { ...record, view: { ...view, lastUpdatedAt: new Date().toISOString() } };
        });
      }
    } catch {
      // Progress is a courtesy: a status message that cannot be written is left out.
    } finally {
      this.#writing = false;
    }
  }
}
