import type { TaskCall, TaskError, TaskView } from './task-state.js';

/**
 * How one attempt of a task ended: with the tool's result (its `isError` results too), with
 * questions for the client (and the state the next attempt resumes from), or with a protocol
 * error.
 *
 * @example
 * ```ts
 * const outcome: AttemptOutcome = { kind: 'result', result: { content: [{ type: 'text', text: 'done' }] } };
 * ```
 */
export type AttemptOutcome =
  | { kind: 'result'; result: Record<string, unknown> }
  | {
      kind: 'input';
      inputRequests: Record<string, Record<string, unknown>>;
      state: Record<string, unknown> | undefined;
    }
  | { kind: 'error'; error: TaskError };

/**
 * What an attempt is told while it runs: its task, a signal that aborts on `tasks/cancel`, the
 * task's time limit or shutdown, and where its progress goes (the task's `statusMessage`).
 *
 * @example
 * ```ts
 * const run: TaskAttemptRunner = async (call, { signal, setStatusMessage }) => runCall(call, signal);
 * ```
 */
export interface AttemptContext {
  taskId: string;
  signal: AbortSignal;
  setStatusMessage(message: string): void;
}

/**
 * Runs one attempt of a task: the call, through the server's whole pipeline. Never rejects.
 *
 * @example
 * ```ts
 * engine.start((call, attempt) => router.runTaskAttempt(call, attempt));
 * ```
 */
export type TaskAttemptRunner = (
  call: TaskCall,
  attempt: AttemptContext,
) => Promise<AttemptOutcome>;

/**
 * Where tasks live and run. The server's default keeps them in memory and runs them in this
 * process; `@apcore-mcp/tasks` keeps them in Redis and runs them on BullMQ workers, any instance
 * answering for any task. Every method checks the owner: another subject's task is unknown.
 *
 * A task is live from its creation until it is cancelled, its owner is handed its outcome
 * (`release`), or it expires; the engines bound the live tasks of all subjects together
 * (`maxTasks`) and of each subject (`maxTasksPerSubject`).
 *
 * @example
 * ```ts
 * engine.start(runAttempt);
 * const task = await engine.create(call, 'alice');
 * await engine.cancel(task.taskId, 'alice');
 * ```
 */
export interface TaskEngine {
  /** Starts running attempts with `run` (once, before the first `create`). */
  start(run: TaskAttemptRunner): void;
  /**
   * Creates a task for `call` and starts it; resolves once `get` finds it.
   *
   * @throws {TaskLimitError} when as many tasks as a bound of the engine allows are live, for
   *   all subjects together or for `owner`.
   */
  create(call: TaskCall, owner: string | null): Promise<TaskView>;
  /** The task, when it exists and belongs to `owner`. */
  get(taskId: string, owner: string | null): Promise<TaskView | undefined>;
  /**
   * Records answers to the task's outstanding questions (other keys are ignored); once every
   * question is answered the task runs again. `false` when there is no such task of `owner`.
   */
  update(
    taskId: string,
    owner: string | null,
    responses: Record<string, unknown>,
  ): Promise<boolean>;
  /**
   * Cancels the task (a task that ended stays as it is). `false` when unknown. A cancelled task
   * no longer counts against the engine's bounds.
   */
  cancel(taskId: string, owner: string | null): Promise<boolean>;
  /**
   * Tells the engine that `owner` was handed the outcome of its ended task (a 2026-07-28
   * `tasks/get` answering a completed or failed task, a 2025-11-25 `tasks/result`): the task no
   * longer counts against the engine's bounds; its record stays for `get` until it expires. Does
   * nothing for a task still running, another owner's, or an unknown one. Optional: an engine
   * without it counts tasks its own way.
   */
  release?(taskId: string, owner: string | null): Promise<void>;
  /** Calls `listener` with the task after each change of status; returns the unsubscribe. */
  onChange(listener: (task: TaskView) => void): () => void;
  /**
   * Stops running attempts (cancelling the running ones) and forgets what it must. The server
   * calls it as its shutdown begins and again as it ends: a second call does nothing.
   */
  close(): Promise<void>;
}
