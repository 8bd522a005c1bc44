import {
  type AttemptOutcome,
  isTerminalTaskStatus,
  PendingQuestions,
  type PendingQuestionsSnapshot,
  type TaskCall,
  type TaskError,
  type TaskRound,
  type TaskStatus,
  type TaskView,
} from '@apcore-mcp/core/bridge';

/**
 * Everything the engine keeps of one task, as the JSON stored in Redis: what `tasks/get` shows,
 * the call its attempts run, the round the current attempt runs with, its questions, and the
 * bookkeeping that lets any instance decide what happens next.
 *
 * @example
 * ```ts
 * const record = newTaskRecord({ taskId, call, owner: null, now: Date.now(), limits });
 * ```
 */
export interface TaskRecord {
  view: TaskView;
  /** The call, without its round. */
  call: TaskCall;
  /** The answers and state the current attempt runs with. */
  round?: TaskRound;
  /** The number of the current attempt: a job of another number is stale. */
  attempt: number;
  /** How many times the task was run again after its worker was lost. */
  restarts: number;
  /** When the task fails for taking too long (ms since the epoch), and that limit. */
  deadline: number;
  timeoutMs: number;
  questions: PendingQuestionsSnapshot;
  /**
   * Whether the task gave its slot back: cancelled, or its owner was handed its outcome. Its
   * record stays until it expires, counting against no bound.
   */
  released?: boolean;
}

/**
 * A new task, `working`, its first attempt about to run.
 *
 * @example
 * ```ts
 * newTaskRecord({ taskId: 't1', call, owner: 'alice', now: Date.now(), limits: { ttlMs, timeoutMs, pollIntervalMs } });
 * ```
 */
export function newTaskRecord(init: {
  taskId: string;
  call: TaskCall;
  owner: string | null;
  now: number;
  limits: { ttlMs: number; timeoutMs: number; pollIntervalMs: number };
}): TaskRecord {
  const { taskId, owner, now, limits } = init;
  const { round, ...call } = init.call;
  const createdAt = new Date(now).toISOString();
  const record: TaskRecord = {
    view: {
      taskId,
      owner,
      status: 'working',
      createdAt,
      lastUpdatedAt: createdAt,
      ttlMs: limits.ttlMs,
      pollIntervalMs: limits.pollIntervalMs,
    },
    call,
    attempt: 1,
    restarts: 0,
    deadline: now + limits.timeoutMs,
    timeoutMs: limits.timeoutMs,
    questions: new PendingQuestions().toJSON(),
  };
  if (round !== undefined) record.round = round;
  return record;
}

/**
 * Whether `attempt` is the one the task waits for: the task is working on it, nothing ended or
 * replaced it.
 *
 * @example
 * ```ts
 * if (!isCurrentAttempt(record, job.data.attempt)) return; // stale job
 * ```
 */
export function isCurrentAttempt(record: TaskRecord | undefined, attempt: number): boolean {
  return record?.view.status === 'working' && record.attempt === attempt;
}

/**
 * Whether the task outlived its time limit without ending.
 *
 * @example
 * ```ts
 * if (isOverdue(record, Date.now())) record = timedOut(record, Date.now());
 * ```
 */
export function isOverdue(record: TaskRecord, now: number): boolean {
  return !isTerminalTaskStatus(record.view.status) && now >= record.deadline;
}

/**
 * The task after its attempt ended with `outcome`: completed, failed, or waiting for answers.
 *
 * @example
 * ```ts
 * const next = settled(record, { kind: 'result', result }, Date.now());
 * ```
 */
export function settled(record: TaskRecord, outcome: AttemptOutcome, now: number): TaskRecord {
  switch (outcome.kind) {
    case 'result':
      return changed(record, now, { status: 'completed', result: outcome.result });
    case 'error':
      return ended(record, now, 'failed', outcome.error.message, outcome.error);
    case 'input': {
      const questions = PendingQuestions.fromJSON(record.questions);
      const inputRequests = questions.ask(outcome.inputRequests, outcome.state);
      const next = changed(record, now, { status: 'input_required', inputRequests });
      return { ...next, questions: questions.toJSON() };
    }
  }
}

/**
 * The task after the client's answers: still waiting for the open questions, or working on a
 * new attempt with the round they make.
 *
 * @example
 * ```ts
 * const next = answered(record, { confirm: { action: 'accept' } }, Date.now());
 * ```
 */
export function answered(
  record: TaskRecord,
  responses: Record<string, unknown>,
  now: number,
): TaskRecord {
  const questions = PendingQuestions.fromJSON(record.questions);
  const round = questions.answer(responses);
  const snapshot = questions.toJSON();
  if (round === undefined) {
    const view = { ...record.view, inputRequests: questions.outstanding() };
    return { ...record, view: touched(view, now), questions: snapshot };
  }
  const next = changed(record, now, { status: 'working' });
  return { ...next, round, attempt: record.attempt + 1, questions: snapshot };
}

/**
 * The task ended without a result (cancelled, timed out, lost): `status` with `statusMessage`,
 * and for `failed` the error.
 *
 * @example
 * ```ts
 * ended(record, Date.now(), 'cancelled', 'Cancelled by the client');
 * ```
 */
export function ended(
  record: TaskRecord,
  now: number,
  status: 'failed' | 'cancelled',
  statusMessage: string,
  error?: TaskError,
): TaskRecord {
  return changed(record, now, { status, statusMessage, ...(error === undefined ? {} : { error }) });
}

/**
 * The task giving its slot back (see {@link TaskRecord.released}).
 *
 * @example
 * ```ts
 * releasedSlot(ended(record, Date.now(), 'cancelled', 'Cancelled by the client'));
 * ```
 */
export function releasedSlot(record: TaskRecord): TaskRecord {
  return { ...record, released: true };
}

/**
 * The task failed for outliving its time limit (-32603, as the in-memory engine says it).
 *
 * @example
 * ```ts
 * timedOut(record, Date.now()).view.error; // { code: -32603, message: 'Task timed out after 60000 ms' }
 * ```
 */
export function timedOut(record: TaskRecord, now: number): TaskRecord {
  const message = `Task timed out after ${record.timeoutMs} ms`;
  return ended(record, now, 'failed', message, { code: -32603, message });
}

/** The record with a new status (and fields), its open questions cleared unless it asks. */
function changed(
  record: TaskRecord,
  now: number,
  change: Partial<TaskView> & { status: TaskStatus },
): TaskRecord {
  const { inputRequests: _cleared, ...view } = record.view;
  return { ...record, view: touched({ ...view, ...change }, now) };
}

function touched(view: TaskView, now: number): TaskView {
  return { ...view, lastUpdatedAt: new Date(now).toISOString() };
}
