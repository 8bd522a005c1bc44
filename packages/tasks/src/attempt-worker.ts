import { setTimeout as delay } from 'node:timers/promises';
import {
  type AttemptOutcome,
  isTerminalTaskStatus,
  type Logger,
  type TaskAttemptRunner,
  type TaskView,
} from '@apcore-mcp/core/bridge';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { ATTEMPT_QUEUE, type AttemptJob, type AttemptQueue } from './attempt-queue.js';
import type { EngineSettings } from './bullmq-task-engine-options.js';
import { StatusMessageWriter } from './status-message-writer.js';
import {
  ended,
  isCurrentAttempt,
  isOverdue,
  settled,
  type TaskRecord,
  timedOut,
} from './task-record.js';
import type { TaskStore } from './task-store.js';

/** Why a task's attempt may be stopped: the abort reason its signal carries. */
const STOPPED_BY = {
  cancelled: 'The task was cancelled',
  ended: 'The task ended',
  shutdown: 'The worker shut down',
} as const;

const LOST_MESSAGE = 'The worker running the task stopped';
const SHUT_DOWN_MESSAGE = 'The worker running the task shut down';
const INTERNAL_ERROR = { code: -32603, message: 'Internal error occurred' };

/** After the grace period and the abort, how long stopped attempts get to hand their task on. */
const HAND_OFF_MS = 2000;

/**
 * The BullMQ worker that runs task attempts in this process. Each job names an attempt; the
 * worker reads the task, runs the call with `run`, and writes the outcome unless the task has
 * ended or moved on meanwhile. Its attempt stops (the signal aborts) when the task is cancelled
 * or fails anywhere, or outlives its time limit. A job BullMQ finds stalled (its worker lost)
 * runs again once when its call is `retryable`, else fails its task.
 *
 * @example
 * ```ts
 * const worker = new AttemptWorker({ connection, settings, store, queue, run });
 * changes.on((view) => worker.stop(view));
 * ```
 */
export class AttemptWorker {
  readonly #worker: Worker<AttemptJob, void>;
  readonly #store: TaskStore;
  readonly #queue: AttemptQueue;
  readonly #run: TaskAttemptRunner;
  readonly #logger: Logger;
  /** Task id -> the job running its attempt here. */
  readonly #running = new Map<string, string>();

  constructor(parts: {
    connection: Redis;
    settings: EngineSettings;
    store: TaskStore;
    queue: AttemptQueue;
    run: TaskAttemptRunner;
  }) {
    const { settings } = parts;
    this.#store = parts.store;
    this.#queue = parts.queue;
    this.#run = parts.run;
    this.#logger = settings.logger;
    // Three parameters: BullMQ then gives each job an AbortSignal, aborted by cancelJob().
    const process = (job: Job<AttemptJob, void>, _token?: string, signal?: AbortSignal) =>
      this.#process(job, signal ?? new AbortController().signal);
    this.#worker = new Worker<AttemptJob, void>(ATTEMPT_QUEUE, process, {
      connection: parts.connection,
      prefix: settings.prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.workerLostAfterMs,
      stalledInterval: settings.workerLostAfterMs,
      // A stalled job comes back once (and its task decides whether it runs again); the
      // next time BullMQ fails it, and the 'failed' event fails its task.
      maxStalledCount: 1,
    });
    this.#worker.on('failed', (job, error) => void this.#failed(job, error));
    this.#worker.on('error', (error) => this.#logger.warn({ err: error }, 'Task worker error'));
  }

  /** Stops the attempt running here for a task that just ended (anywhere). */
  stop(view: TaskView): void {
    const jobId = this.#running.get(view.taskId);
    if (jobId === undefined || !isTerminalTaskStatus(view.status)) return;
    this.#worker.cancelJob(
      jobId,
      view.status === 'cancelled' ? STOPPED_BY.cancelled : STOPPED_BY.ended,
    );
  }

  /**
   * Takes no more jobs, lets running attempts go on for `graceMs`, then stops them: each hands
   * its task on (runs again elsewhere when retryable, else fails it).
   */
  async close(graceMs: number): Promise<void> {
    const closed = this.#worker.close();
    const stopAll = setTimeout(() => this.#worker.cancelAllJobs(STOPPED_BY.shutdown), graceMs);
    const gaveUp = delay(graceMs + HAND_OFF_MS, true, { ref: false });
    try {
      if ((await Promise.race([closed.then(() => false), gaveUp])) === true) {
        this.#logger.warn('Task attempts still running at shutdown; other workers will take them');
      }
    } finally {
      clearTimeout(stopAll);
    }
  }

  async #process(job: Job<AttemptJob, void>, signal: AbortSignal): Promise<void> {
    const { taskId, attempt } = job.data;
    const record = await this.#store.load(taskId);
    if (record === undefined || !isCurrentAttempt(record, attempt)) return;
    if (job.stalledCounter > 0 && !(await this.#restart(taskId, attempt))) return;
    if (isOverdue(record, Date.now())) {
      await this.#timeOut(taskId, attempt, job.id);
      return;
    }
    this.#running.set(taskId, job.id ?? '');
    const stopTimer = atTime(record.deadline, () => void this.#timeOut(taskId, attempt, job.id));
    try {
      const outcome = await this.#runAttempt(record, signal);
      if (signal.aborted && signal.reason === STOPPED_BY.shutdown) {
        await this.#handOn(taskId, attempt);
        return;
      }
      await this.#store.change(taskId, (current) =>
        isCurrentAttempt(current, attempt) ? settled(current, outcome, Date.now()) : undefined,
      );
    } finally {
      stopTimer();
      this.#running.delete(taskId);
    }
  }

  async #runAttempt(record: TaskRecord, signal: AbortSignal): Promise<AttemptOutcome> {
    const { taskId } = record.view;
    const call = record.round === undefined ? record.call : { ...record.call, round: record.round };
    const statusMessages = new StatusMessageWriter(this.#store, taskId, record.attempt);
    try {
      return await this.#run(call, {
        taskId,
        signal,
        setStatusMessage: (message) => statusMessages.write(message),
      });
    } catch (error) {
      this.#logger.error({ err: error, taskId }, 'A task attempt failed unexpectedly');
      return { kind: 'error', error: INTERNAL_ERROR };
    }
  }

  /** A stalled job: whether its task runs again (retryable, not run again before) or failed. */
  async #restart(taskId: string, attempt: number): Promise<boolean> {
    const after = await this.#store.change(taskId, (record) => {
      if (!isCurrentAttempt(record, attempt)) return undefined;
      if (record.call.retryable === true && record.restarts < 1) {
        return { ...record, restarts: record.restarts + 1 };
      }
      return ended(record, Date.now(), 'failed', LOST_MESSAGE, lostError(LOST_MESSAGE));
    });
    const again = after !== undefined && isCurrentAttempt(after, attempt);
    this.#logger.warn({ taskId, runsAgain: again }, 'A task attempt was lost with its worker');
    return again;
  }

  /** An attempt stopped by shutdown: its task runs again elsewhere (once) or fails. */
  async #handOn(taskId: string, attempt: number): Promise<void> {
    const after = await this.#store.change(taskId, (record) => {
      if (!isCurrentAttempt(record, attempt)) return undefined;
      if (record.call.retryable === true && record.restarts < 1) {
        return { ...record, attempt: attempt + 1, restarts: record.restarts + 1 };
      }
      return ended(record, Date.now(), 'failed', SHUT_DOWN_MESSAGE, lostError(SHUT_DOWN_MESSAGE));
    });
    if (after !== undefined && isCurrentAttempt(after, attempt + 1)) {
      await this.#queue.enqueue({ taskId, attempt: attempt + 1 });
    }
  }

  async #timeOut(taskId: string, attempt: number, jobId: string | undefined): Promise<void> {
    try {
      const after = await this.#store.change(taskId, (record) =>
        isCurrentAttempt(record, attempt) ? timedOut(record, Date.now()) : undefined,
      );
      if (jobId !== undefined && after !== undefined && isTerminalTaskStatus(after.view.status)) {
        this.#worker.cancelJob(jobId, after.view.statusMessage ?? STOPPED_BY.ended);
      }
    } catch (error) {
      this.#logger.warn({ err: error, taskId }, 'Could not time out a task');
    }
  }

  /** BullMQ failed a job: lost twice (stalled again), or it could not be run or recorded. */
  async #failed(job: Job<AttemptJob, void> | undefined, error: Error): Promise<void> {
    if (job === undefined) return;
    const { taskId, attempt } = job.data;
    this.#logger.warn({ err: error, taskId }, 'A task attempt failed in the queue');
    const taskError = job.stalledCounter > 0 ? lostError(LOST_MESSAGE) : INTERNAL_ERROR;
    try {
      await this.#store.change(taskId, (record) =>
        isCurrentAttempt(record, attempt)
          ? ended(record, Date.now(), 'failed', taskError.message, taskError)
          : undefined,
      );
    } catch (writeError) {
      this.#logger.warn({ err: writeError, taskId }, 'Could not record a failed task attempt');
    }
  }
}

function lostError(message: string): { code: number; message: string } {
  return { code: -32603, message };
}

/** The longest delay a Node timer takes (about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Calls `action` once `when` (ms since the epoch) has come; returns what cancels it. */
function atTime(when: number, action: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const wait = when - Date.now();
    if (wait <= 0) action();
    else timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
  };
  arm();
  return () => clearTimeout(timer);
}
