import type { TaskLimit } from '@apcore-mcp/core';
import type { TaskView } from '@apcore-mcp/core/bridge';
import type { Redis } from 'ioredis';
import { CHANGE_SCRIPT, CREATE_SCRIPT } from './record-scripts.js';
import type { TaskRecord } from './task-record.js';

/** How often a change is tried again when another instance changed the task meanwhile. */
const MAX_CHANGE_TRIES = 20;

/** The scripts as `ioredis` commands: sent by SHA, and again in full when Redis forgot them. */
interface ScriptCommands {
  apcoreTaskCreate(...args: (string | number)[]): Promise<[number, string?]>;
  apcoreTaskChange(...args: (string | number)[]): Promise<number>;
}

/**
 * The bounds of live tasks the store keeps, as the engine's settings say.
 *
 * @example
 * ```ts
 * const bounds: TaskBounds = { maxTasks: 1000, maxTasksPerSubject: 100 };
 * ```
 */
export type TaskBounds = Record<TaskLimit, number>;

/**
 * What {@link TaskStore.create} did: wrote the task, or was refused by a bound, whose oldest
 * live task expires at `oldestExpiresAt` (ms since the epoch).
 *
 * @example
 * ```ts
 * if (!outcome.created) throw new TaskLimitError({ limit: outcome.limit, max: bounds[outcome.limit] });
 * ```
 */
export type CreateOutcome =
  | { created: true }
  | { created: false; limit: TaskLimit; oldestExpiresAt: number | undefined };

/** The bound each refusal code of the create script names. */
const REFUSED_BY: Record<number, TaskLimit> = { 1: 'maxTasks', 2: 'maxTasksPerSubject' };

/**
 * The task records in Redis: one hash per task (`revision`, `record`), expiring with the task.
 * Every change is read, computed here, and written only if the revision is still the one read
 * (else read again): instances change one task one after the other, never over each other.
 * Changes of status are published on the change channel by the same script that writes them.
 * The live tasks are indexed twice (all of them, and each owner's), so that creating a task
 * checks both bounds at once; a change that releases a task moves it to the released index
 * in the same script.
 *
 * @example
 * ```ts
 * const store = new TaskStore(redis, 'apcore-mcp:tasks', { maxTasks: 1000, maxTasksPerSubject: 100 });
 * await store.change(taskId, (record) => (isOverdue(record, now) ? timedOut(record, now) : undefined));
 * ```
 */
export class TaskStore {
  readonly #redis: Redis & ScriptCommands;
  readonly #prefix: string;
  readonly #bounds: TaskBounds;
  /** Where every change of status is published, as the task's view. */
  readonly channel: string;

  constructor(redis: Redis, prefix: string, bounds: TaskBounds) {
    redis.defineCommand('apcoreTaskCreate', { numberOfKeys: 3, lua: CREATE_SCRIPT });
    redis.defineCommand('apcoreTaskChange', { numberOfKeys: 4, lua: CHANGE_SCRIPT });
    this.#redis = redis as Redis & ScriptCommands;
    this.#prefix = prefix;
    this.#bounds = bounds;
    this.channel = `${prefix}:changes`;
  }

  /** Writes a new task, live, unless its owner or all owners together are at their bound. */
  async create(record: TaskRecord): Promise<CreateOutcome> {
    const { taskId, ttlMs, owner } = record.view;
    const [refusal, oldest] = await this.#redis.apcoreTaskCreate(
      this.#key(taskId),
      this.#liveKey(),
      this.#liveKey(owner),
      taskId,
      JSON.stringify(record),
      ttlMs,
      Date.now(),
      this.#bounds.maxTasks,
      this.#bounds.maxTasksPerSubject,
    );
    const limit = REFUSED_BY[refusal];
    if (limit === undefined) return { created: true };
    return {
      created: false,
      limit,
      oldestExpiresAt: oldest === undefined ? undefined : Number(oldest),
    };
  }

  /** The task's record; `undefined` once it expired (or never was). */
  async load(taskId: string): Promise<TaskRecord | undefined> {
    return (await this.#read(taskId))?.record;
  }

  /**
   * Applies `change` to the task's record, atomically: `change` returns the new record, or
   * `undefined` to leave it as it is (it may be called more than once, with a fresher record).
   * A new record that is `released` gives the task's slot back in the same write. Resolves to
   * the record as it is afterwards, `undefined` when the task is gone.
   *
   * @throws {Error} when the task kept changing under every try.
   */
  async change(
    taskId: string,
    change: (record: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    for (let tries = 0; tries < MAX_CHANGE_TRIES; tries += 1) {
      const read = await this.#read(taskId);
      if (read === undefined) return undefined;
      const next = change(read.record);
      if (next === undefined) return read.record;
      const { view } = next;
      const releases = next.released === true && read.record.released !== true;
      const written = await this.#redis.apcoreTaskChange(
        this.#key(taskId),
        this.#liveKey(),
        this.#liveKey(view.owner),
        `${this.#prefix}:released`,
        read.revision,
        JSON.stringify(next),
        this.channel,
        view.status === read.record.view.status ? '' : JSON.stringify(view),
        releases ? taskId : '',
        Date.parse(view.createdAt) + view.ttlMs,
        Date.now(),
        this.#bounds.maxTasks,
        this.#key(''),
      );
      if (written === 1) return next;
      if (written === -1) return undefined;
    }
    throw new Error(`Task ${taskId} kept changing; gave up after ${MAX_CHANGE_TRIES} tries`);
  }

  /** Forgets a task at once, and its slot (one whose first attempt could not be queued). */
  async remove(taskId: string, owner: string | null): Promise<void> {
    await this.#redis
      .multi()
      .del(this.#key(taskId))
      .zrem(this.#liveKey(), taskId)
      .zrem(this.#liveKey(owner), taskId)
      .exec();
  }

  async #read(taskId: string): Promise<{ revision: string; record: TaskRecord } | undefined> {
    const [revision, json] = await this.#redis.hmget(this.#key(taskId), 'revision', 'record');
    if (revision == null || json == null) return undefined;
    return { revision, record: JSON.parse(json) as TaskRecord };
  }

  #key(taskId: string): string {
    return `${this.#prefix}:task:${taskId}`;
  }

  /** The live tasks of all owners, or of `owner` (`null`: unauthenticated callers). */
  #liveKey(owner?: string | null): string {
    if (owner === undefined) return `${this.#prefix}:live`;
    return owner === null
      ? `${this.#prefix}:live:anonymous`
      : `${this.#prefix}:live:subject:${encodeURIComponent(owner)}`;
  }
}

/**
 * A published change, read back: the task's view, or `undefined` for anything else.
 *
 * @example
 * ```ts
 * subscriber.on('message', (_channel, message) => { const view = parseChange(message); });
 * ```
 */
export function parseChange(message: string): TaskView | undefined {
  try {
    const view = JSON.parse(message) as Partial<TaskView> | null;
    return typeof view?.taskId === 'string' && typeof view.status === 'string'
      ? (view as TaskView)
      : undefined;
  } catch {
    return undefined;
  }
}
