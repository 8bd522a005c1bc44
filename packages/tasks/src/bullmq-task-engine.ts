import { randomUUID } from 'node:crypto';
import { TaskLimitError } from '@apcore-mcp/core';
import {
  isTerminalTaskStatus,
  type TaskAttemptRunner,
  type TaskCall,
  type TaskEngine,
  type TaskView,
} from '@apcore-mcp/core/bridge';
import type { AttemptQueue } from './attempt-queue.js';
import { AttemptWorker } from './attempt-worker.js';
import type { EngineSettings } from './bullmq-task-engine-options.js';
import type { RedisConnections } from './redis-connections.js';
import {
  answered,
  ended,
  isOverdue,
  newTaskRecord,
  releasedSlot,
  type TaskRecord,
  timedOut,
} from './task-record.js';
import type { TaskStore } from './task-store.js';

/**
 * Tasks kept in Redis and run on BullMQ: any instance sharing the Redis and the prefix answers
 * `get`, `update` and `cancel` for any task (checking its owner), and any instance that runs
 * attempts may run any task's next attempt. Built by {@link createBullmqTaskEngine}.
 *
 * @example
 * ```ts
 * const engine = await createBullmqTaskEngine({ connection: 'redis://127.0.0.1:6379' });
 * engine.start(runAttempt);
 * ```
 */
export class BullmqTaskEngine implements TaskEngine {
  readonly #settings: EngineSettings;
  readonly #connections: RedisConnections;
  readonly #store: TaskStore;
  readonly #queue: AttemptQueue;
  readonly #listeners = new Set<(task: TaskView) => void>();
  #worker: AttemptWorker | undefined;
  #closing: Promise<void> | undefined;

  /** Use {@link createBullmqTaskEngine}, which connects first. */
  constructor(parts: {
    settings: EngineSettings;
    connections: RedisConnections;
    store: TaskStore;
    queue: AttemptQueue;
  }) {
    this.#settings = parts.settings;
    this.#connections = parts.connections;
    this.#store = parts.store;
    this.#queue = parts.queue;
  }

  /** With `runAttempts`, starts the BullMQ worker running attempts with `run`; else nothing. */
  start(run: TaskAttemptRunner): void {
    if (!this.#settings.runAttempts || this.#worker !== undefined) return;
    this.#worker = new AttemptWorker({
      connection: this.#connections.worker(),
      settings: this.#settings,
      store: this.#store,
      queue: this.#queue,
      run,
    });
  }

  async create(call: TaskCall, owner: string | null): Promise<TaskView> {
    const { ttlMs, timeoutMs, pollIntervalMs } = this.#settings;
    const limits = { ttlMs, timeoutMs, pollIntervalMs };
    const record = newTaskRecord({ taskId: randomUUID(), call, owner, now: Date.now(), limits });
    const { taskId } = record.view;
    const outcome = await this.#store.create(record);
    if (!outcome.created) {
      const { limit, oldestExpiresAt } = outcome;
      throw new TaskLimitError({
        limit,
        max: this.#settings[limit],
        ...(oldestExpiresAt === undefined
          ? {}
          : { oldestExpiresAt: new Date(oldestExpiresAt).toISOString() }),
      });
    }
    try {
      await this.#queue.enqueue({ taskId, attempt: record.attempt });
    } catch (error) {
      await this.#store.remove(taskId, owner).catch(() => {});
      throw error;
    }
    return record.view;
  }

  async get(taskId: string, owner: string | null): Promise<TaskView | undefined> {
    const record = await this.#store.load(taskId);
    if (record?.view.owner !== owner) return undefined;
    if (!isOverdue(record, Date.now())) return record.view;
    return (await this.#store.change(taskId, timeOutIfOverdue))?.view;
  }

  async update(
    taskId: string,
    owner: string | null,
    responses: Record<string, unknown>,
  ): Promise<boolean> {
    let nextAttempt: number | undefined;
    const after = await this.#store.change(taskId, (record) => {
      nextAttempt = undefined;
      if (record.view.owner !== owner) return undefined;
      if (isOverdue(record, Date.now())) return timedOut(record, Date.now());
      if (record.view.status !== 'input_required') return undefined;
      const next = answered(record, responses, Date.now());
      if (next.attempt !== record.attempt) nextAttempt = next.attempt;
      return next;
    });
    if (after?.view.owner !== owner) return false;
    // The answers completed a round: its attempt runs on whichever worker takes it.
    if (nextAttempt !== undefined) await this.#queue.enqueue({ taskId, attempt: nextAttempt });
    return true;
  }

  async cancel(taskId: string, owner: string | null): Promise<boolean> {
    const after = await this.#store.change(taskId, (record) => {
      if (record.view.owner !== owner || isTerminalTaskStatus(record.view.status)) return undefined;
      if (isOverdue(record, Date.now())) return timedOut(record, Date.now());
      return releasedSlot(ended(record, Date.now(), 'cancelled', 'Cancelled by the client'));
    });
    return after?.view.owner === owner;
  }

  async release(taskId: string, owner: string | null): Promise<void> {
    await this.#store.change(taskId, (record) => {
      const { status } = record.view;
      const handedOver = status === 'completed' || status === 'failed';
      if (record.view.owner !== owner || !handedOver || record.released === true) return undefined;
      return releasedSlot(record);
    });
  }

  onChange(listener: (task: TaskView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Hands a published change to the worker (a task that ended stops its attempt here) and to
   * the listeners.
   */
  notify(view: TaskView): void {
    this.#worker?.stop(view);
    for (const listener of this.#listeners) {
      try {
        listener(structuredClone(view));
      } catch (error) {
        this.#settings.logger.warn({ err: error, taskId: view.taskId }, 'A task listener failed');
      }
    }
  }

  /**
   * Stops taking attempts, lets the running ones go on for `shutdownGraceMs` then stops them
   * (each hands its task on), and closes the connections. Tasks stay in Redis.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        await this.#worker?.close(this.#settings.shutdownGraceMs);
        await this.#queue.close();
      } finally {
        await this.#connections.close();
      }
    })();
    return this.#closing;
  }
}

/** Fails a task that outlived its time limit; leaves any other as it is. */
function timeOutIfOverdue(record: TaskRecord): TaskRecord | undefined {
  return isOverdue(record, Date.now()) ? timedOut(record, Date.now()) : undefined;
}
