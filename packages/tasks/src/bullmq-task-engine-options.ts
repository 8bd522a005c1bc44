import { type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import type { RedisOptions } from 'ioredis';

/**
 * How {@link createBullmqTaskEngine} keeps and runs tasks. Only `connection` is required; the
 * limits default to the server's own task defaults.
 *
 * @example
 * ```ts
 * const options: BullmqTaskEngineOptions = { connection: 'redis://127.0.0.1:6379', runAttempts: false };
 * ```
 */
export interface BullmqTaskEngineOptions {
  /** Where the tasks live: a `redis://` or `rediss://` URL, or `ioredis` connection options. */
  connection: string | RedisOptions;
  /**
   * Put before every key, channel and queue of this engine (default `apcore-mcp:tasks`). Every
   * instance and worker that shares tasks uses the same prefix.
   */
  prefix?: string;
  /** How long a task and its result are kept after the task was created, in ms (default 1 h). */
  ttlMs?: number;
  /** How long a task may take, from its creation, before it fails, in ms (default 1 h). */
  timeoutMs?: number;
  /** The polling interval suggested to clients, in ms (default 1000). */
  pollIntervalMs?: number;
  /**
   * How many live tasks all the engines sharing the prefix hold together (default 1000): a
   * `create` beyond it throws `TaskLimitError`. A task is live until it is cancelled, its owner
   * is handed its outcome (`release`), or it expires. As many released tasks are kept besides;
   * beyond, the oldest are forgotten early.
   */
  maxTasks?: number;
  /**
   * How many live tasks one owner (subject) holds across all the engines sharing the prefix
   * (default 100); a `create` beyond it throws `TaskLimitError`.
   */
  maxTasksPerSubject?: number;
  /** Where the engine reports what goes wrong (pino-compatible; default: silent). */
  logger?: Logger;
  /**
   * Whether this engine runs task attempts (a BullMQ worker in this process; default `true`).
   * `false` for an instance that only creates and answers tasks, leaving the attempts to
   * workers elsewhere.
   */
  runAttempts?: boolean;
  /** How many attempts this engine runs at once (default 10). */
  concurrency?: number;
  /**
   * How long a worker may go without renewing its hold on an attempt before another worker
   * takes it as lost, in ms (default 30 s): BullMQ's `lockDuration` and `stalledInterval`. A
   * lost attempt is noticed within about twice this, by any worker still running; the task then
   * fails, or runs once more when its call is `retryable`.
   */
  workerLostAfterMs?: number;
  /**
   * On `close()`, how long running attempts may go on before they are stopped, in ms (default
   * 5000). A stopped attempt runs again elsewhere when its call is `retryable`; else its task
   * fails.
   */
  shutdownGraceMs?: number;
}

/**
 * The options with every default filled in.
 *
 * @example
 * ```ts
 * const settings: EngineSettings = resolveEngineOptions({ connection: 'redis://127.0.0.1:6379' });
 * ```
 */
export type EngineSettings = Required<BullmqTaskEngineOptions>;

const ONE_HOUR_MS = 3_600_000;

/**
 * Fills in the defaults and checks the numbers.
 *
 * @throws {RangeError} naming the option whose value is not a positive integer.
 * @example
 * ```ts
 * resolveEngineOptions({ connection: url }).ttlMs; // 3_600_000
 * ```
 */
export function resolveEngineOptions(options: BullmqTaskEngineOptions): EngineSettings {
  const settings: EngineSettings = {
    connection: options.connection,
    prefix: options.prefix ?? 'apcore-mcp:tasks',
    ttlMs: options.ttlMs ?? ONE_HOUR_MS,
    timeoutMs: options.timeoutMs ?? ONE_HOUR_MS,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    maxTasks: options.maxTasks ?? 1000,
    maxTasksPerSubject: options.maxTasksPerSubject ?? 100,
    logger: options.logger ?? silentLogger,
    runAttempts: options.runAttempts ?? true,
    concurrency: options.concurrency ?? 10,
    workerLostAfterMs: options.workerLostAfterMs ?? 30_000,
    shutdownGraceMs: options.shutdownGraceMs ?? 5000,
  };
  for (const name of NUMBER_OPTIONS) {
    const value = settings[name];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`${name} must be a positive integer, got ${String(value)}`);
    }
  }
  return settings;
}

const NUMBER_OPTIONS = [
  'ttlMs',
  'timeoutMs',
  'pollIntervalMs',
  'maxTasks',
  'maxTasksPerSubject',
  'concurrency',
  'workerLostAfterMs',
  'shutdownGraceMs',
] as const;
