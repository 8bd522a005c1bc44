import { type TaskLimit, TaskLimitError } from '@apcore-mcp/core';

/**
 * The bounds of {@link TaskSlots}: live tasks of all subjects together, and of each subject.
 *
 * @example
 * ```ts
 * const bounds: SlotBounds = { maxTasks: 1000, maxTasksPerSubject: 100 };
 * ```
 */
export interface SlotBounds {
  maxTasks: number;
  maxTasksPerSubject: number;
}

/**
 * Which tasks of the in-memory engine hold a slot, by subject. A task takes a slot when it is
 * created and gives it back when it is released (its owner fetched its outcome, or it was
 * cancelled) or forgotten (it expired). A released task's record is kept for `tasks/get`, but
 * at most `maxTasks` of them: beyond, the oldest (created first) is to be forgotten, so memory
 * holds at most twice `maxTasks` tasks whatever the callers do.
 *
 * @example
 * ```ts
 * const slots = new TaskSlots({ maxTasks: 1000, maxTasksPerSubject: 100 });
 * slots.take(taskId, 'alice', Date.now() + ttlMs);
 * for (const stale of slots.release(taskId, 'alice')) forget(stale);
 * ```
 */
export class TaskSlots {
  readonly #bounds: SlotBounds;
  /** Live task id -> when it expires (ms since the epoch); oldest first. */
  readonly #live = new Map<string, number>();
  /** Subject -> its live task ids, oldest first. */
  readonly #bySubject = new Map<string | null, Set<string>>();
  /** Released task id -> when it expires. */
  readonly #released = new Map<string, number>();

  constructor(bounds: SlotBounds) {
    this.#bounds = bounds;
  }

  /**
   * Gives `taskId` a slot of `owner`'s.
   *
   * @throws {TaskLimitError} when `owner` has `maxTasksPerSubject` live tasks, or all subjects
   *   together `maxTasks`.
   */
  take(taskId: string, owner: string | null, expiresAt: number): void {
    const mine = this.#bySubject.get(owner) ?? new Set<string>();
    const { maxTasks, maxTasksPerSubject } = this.#bounds;
    if (mine.size >= maxTasksPerSubject) {
      throw this.#refusal('maxTasksPerSubject', maxTasksPerSubject, mine.values().next().value);
    }
    if (this.#live.size >= maxTasks) {
      throw this.#refusal('maxTasks', maxTasks, this.#live.keys().next().value);
    }
    this.#live.set(taskId, expiresAt);
    mine.add(taskId);
    this.#bySubject.set(owner, mine);
  }

  /**
   * Gives back the slot of `taskId` (nothing if it holds none) and keeps its record as
   * released; returns the released tasks to forget now to stay within the bound.
   */
  release(taskId: string, owner: string | null): string[] {
    const expiresAt = this.#live.get(taskId);
    if (expiresAt === undefined || !this.#free(taskId, owner)) return [];
    this.#released.set(taskId, expiresAt);
    const excess = this.#released.size - this.#bounds.maxTasks;
    if (excess <= 0) return [];
    const oldestFirst = [...this.#released].sort(([, a], [, b]) => a - b);
    return oldestFirst.slice(0, excess).map(([stale]) => stale);
  }

  /** Forgets `taskId`, live or released. */
  forget(taskId: string, owner: string | null): void {
    this.#free(taskId, owner);
    this.#released.delete(taskId);
  }

  clear(): void {
    this.#live.clear();
    this.#bySubject.clear();
    this.#released.clear();
  }

  #free(taskId: string, owner: string | null): boolean {
    if (!this.#live.delete(taskId)) return false;
    const mine = this.#bySubject.get(owner);
    mine?.delete(taskId);
    if (mine?.size === 0) this.#bySubject.delete(owner);
    return true;
  }

  /** The refusal by `limit`, saying when `oldest` (a live task) expires. */
  #refusal(limit: TaskLimit, max: number, oldest: string | undefined): TaskLimitError {
    const expiresAt = oldest === undefined ? undefined : this.#live.get(oldest);
    return new TaskLimitError({
      limit,
      max,
      ...(expiresAt === undefined ? {} : { oldestExpiresAt: new Date(expiresAt).toISOString() }),
    });
  }
}
