import type { Logger } from '@apcore-mcp/core/bridge';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * The name of the one BullMQ queue every engine sharing a prefix puts attempts on.
 *
 * @example
 * ```ts
 * new Worker(ATTEMPT_QUEUE, process, { connection, prefix });
 * ```
 */
export const ATTEMPT_QUEUE = 'attempts';

/**
 * What a job of the attempt queue carries: which attempt of which task to run. The rest (the
 * call, its round) is read from the task's record, so a stale job finds out it is stale.
 *
 * @example
 * ```ts
 * const job: AttemptJob = { taskId: 't1', attempt: 2 };
 * ```
 */
export interface AttemptJob {
  taskId: string;
  attempt: number;
}

/**
 * Puts task attempts on the BullMQ queue, one job per attempt (its id names the task and the
 * attempt, so the same attempt is never queued twice). Finished jobs are removed: the task's
 * record keeps what matters.
 *
 * @example
 * ```ts
 * const queue = new AttemptQueue(redis, 'apcore-mcp:tasks', logger);
 * await queue.enqueue({ taskId, attempt: 1 });
 * ```
 */
export class AttemptQueue {
  readonly #queue: Queue<AttemptJob>;

  constructor(connection: Redis, prefix: string, logger: Logger) {
    this.#queue = new Queue<AttemptJob>(ATTEMPT_QUEUE, { connection, prefix });
    // The connection's owner reports outages; an unheard 'error' event would end the process.
    this.#queue.on('error', (error) => logger.debug({ err: error }, 'Task queue error'));
  }

  /** Queues the attempt; resolves once it is in Redis. */
  async enqueue(job: AttemptJob): Promise<void> {
    await this.#queue.add('attempt', job, {
      jobId: `${job.taskId}-attempt-${job.attempt}`,
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /** Closes the queue (the connection stays its owner's). */
  close(): Promise<void> {
    return this.#queue.close();
  }
}
