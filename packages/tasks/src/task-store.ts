import type { TaskView } from '@apcore-mcp/core';
import type { Redis } from 'ioredis';
import { CHANGE_SCRIPT, CREATE_SCRIPT } from './record-scripts.js';
import type { TaskRecord } from './task-record.js';

/** How often a change is tried again when another instance changed the task meanwhile. */
const MAX_CHANGE_TRIES = 20;

/** The scripts as `ioredis` commands: sent by SHA, and again in full when Redis forgot them. */
interface ScriptCommands {
  apcoreTaskCreate(...args: (string | number)[]): Promise<number>;
  apcoreTaskChange(...args: (string | number)[]): Promise<number>;
}

/**
 * The task records in Redis: one hash per task (`revision`, `record`), expiring with the task.
 * Every change is read, computed here, and written only if the revision is still the one read
 * (else read again): instances change one task one after the other, never over each other.
 * Changes of status are published on the change channel by the same script that writes them.
 *
 * @example
 * ```ts
 * const store = new TaskStore(redis, 'apcore-mcp:tasks');
 * await store.change(taskId, (record) => (isOverdue(record, now) ? timedOut(record, now) : undefined));
 * ```
 */
export class TaskStore {
  readonly #redis: Redis & ScriptCommands;
  readonly #prefix: string;
  /** Where every change of status is published, as the task's view. */
  readonly channel: string;

  constructor(redis: Redis, prefix: string) {
    redis.defineCommand('apcoreTaskCreate', { numberOfKeys: 2, lua: CREATE_SCRIPT });
    redis.defineCommand('apcoreTaskChange', { numberOfKeys: 1, lua: CHANGE_SCRIPT });
    this.#redis = redis as Redis & ScriptCommands;
    this.#prefix = prefix;
    this.channel = `${prefix}:changes`;
  }

  /** Writes a new task; `false` when `maxTasks` unexpired tasks exist already. */
  async create(record: TaskRecord, maxTasks: number | undefined): Promise<boolean> {
    const { taskId, ttlMs } = record.view;
    const written = await this.#redis.apcoreTaskCreate(
      this.#key(taskId),
      `${this.#prefix}:live`,
      taskId,
      JSON.stringify(record),
      ttlMs,
      Date.now(),
      maxTasks ?? 0,
    );
    return written === 1;
  }

  /** The task's record; `undefined` once it expired (or never was). */
  async load(taskId: string): Promise<TaskRecord | undefined> {
    return (await this.#read(taskId))?.record;
  }

  /**
   * Applies `change` to the task's record, atomically: `change` returns the new record, or
   * `undefined` to leave it as it is (it may be called more than once, with a fresher record).
   * Resolves to the record as it is afterwards, `undefined` when the task is gone.
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
      const written = await this.#redis.apcoreTaskChange(
        this.#key(taskId),
        read.revision,
        JSON.stringify(next),
        this.channel,
        next.view.status === read.record.view.status ? '' : JSON.stringify(next.view),
      );
      if (written === 1) return next;
      if (written === -1) return undefined;
    }
    throw new Error(`Task ${taskId} kept changing; gave up after ${MAX_CHANGE_TRIES} tries`);
  }

  /** Forgets a task at once (one whose first attempt could not be queued). */
  async remove(taskId: string): Promise<void> {
    await this.#redis.multi().del(this.#key(taskId)).zrem(`${this.#prefix}:live`, taskId).exec();
  }

  async #read(taskId: string): Promise<{ revision: string; record: TaskRecord } | undefined> {
    const [revision, json] = await this.#redis.hmget(this.#key(taskId), 'revision', 'record');
    if (revision == null || json == null) return undefined;
    return { revision, record: JSON.parse(json) as TaskRecord };
  }

  #key(taskId: string): string {
    return `${this.#prefix}:task:${taskId}`;
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
