/**
 * The status of an MCP task: running, waiting for the client's answers, or ended one of three
 * ways.
 *
 * @example
 * ```ts
 * const status: TaskStatus = 'input_required';
 * ```
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * Whether a task has ended: nothing changes it any more.
 *
 * @example
 * ```ts
 * isTerminalTaskStatus('cancelled'); // true
 * ```
 */
export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/**
 * The JSON-RPC error a failed task carries: what the call would have answered had it failed at
 * the protocol level (`-32603` for an unexpected failure, sanitized).
 *
 * @example
 * ```ts
 * const error: TaskError = { code: -32603, message: 'Internal error occurred' };
 * ```
 */
export interface TaskError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * One task as every engine stores it and `tasks/get` shows it (plain JSON, so a Redis engine
 * keeps it as it is). `owner` is the subject that created it, `null` without authentication.
 *
 * @example
 * ```ts
 * const view: TaskView = { taskId, status: 'working', createdAt, lastUpdatedAt: createdAt, ttlMs: 3_600_000, pollIntervalMs: 1000, owner: null };
 * ```
 */
export interface TaskView {
  taskId: string;
  owner: string | null;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** The tool result of a `completed` task (its `isError` results too). */
  result?: Record<string, unknown>;
  /** The error of a `failed` task. */
  error?: TaskError;
  /** What an `input_required` task waits for, by key; answered keys leave it. */
  inputRequests?: Record<string, Record<string, unknown>>;
}

/**
 * The answers and state a task's next attempt runs with: what the call's earlier rounds (its
 * 2026-07-28 `requestState`, or the task's own questions) settled.
 *
 * @example
 * ```ts
 * const round: TaskRound = { responses: { user_name: { action: 'accept', content: { name: 'Ada' } } }, state };
 * ```
 */
export interface TaskRound {
  responses?: Record<string, unknown>;
  state?: Record<string, unknown>;
}

/**
 * Everything a task's attempt needs to run the call again, on this instance or on a worker:
 * the tool and its arguments, the caller, what its client declared, and the rounds so far.
 * Plain JSON.
 *
 * @example
 * ```ts
 * const call: TaskCall = { tool: 'reports-build', arguments: { year: 2026 }, identity: null, era: '2026-07-28' };
 * ```
 */
export interface TaskCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** The caller (`{ id, type, roles, attrs }`), `null` without authentication. */
  identity: Record<string, unknown> | null;
  /** The protocol revision the call was made under. */
  era: '2025-11-25' | '2026-07-28';
  protocolVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  traceCarrier?: Record<string, string>;
  round?: TaskRound;
  /**
   * Whether running the call again is safe (its module is `idempotent`): an engine may then run
   * it once more when the worker running it was lost, instead of failing the task.
   */
  retryable?: boolean;
  /**
   * The id of the call this task continues: a call that was still running when the server
   * answered it with this task (`taskAfterMs`). Its first attempt, in the process that made the
   * task, waits for that call instead of running the tool again; elsewhere it fails the task
   * (runs again only when `retryable`).
   */
  continues?: string;
}
