import { randomUUID } from 'node:crypto';
import type { AttemptOutcome, TaskAttemptRunner, TaskEngine } from '@apcore-mcp/core/bridge';
import {
  isTerminalTaskStatus,
  PendingQuestions,
  type TaskCall,
  type TaskRound,
  type TaskView,
} from '@apcore-mcp/core/bridge';
import type { Logger } from '../../kernel/logger.js';
import { TaskSlots } from './task-slots.js';

/**
 * The limits of the in-memory engine.
 *
 * @example
 * ```ts
 * const limits: TaskLimits = { ttlMs: 3_600_000, timeoutMs: 3_600_000, maxTasks: 1000, maxTasksPerSubject: 100, pollIntervalMs: 1000 };
 * ```
 */
export interface TaskLimits {
  /** How long a task is kept after it was created, whatever its status. */
  ttlMs: number;
  /** How long a task may take before it fails (from its creation). */
  timeoutMs: number;
  /**
   * How many live tasks all subjects may have together; one more is refused with
   * `TaskLimitError`. As many released tasks are kept besides.
   */
  maxTasks: number;
  /** How many live tasks one subject (owner) may have; one more is refused. */
  maxTasksPerSubject: number;
  /** The polling interval suggested to clients. */
  pollIntervalMs: number;
}

interface Entry {
  view: TaskView;
  call: TaskCall;
  /** Aborts the attempt running now; replaced by each new attempt. */
  attempt: AbortController | undefined;
  questions: PendingQuestions;
  timers: NodeJS.Timeout[];
}

/**
 * Tasks kept in this process and run here: the default engine of a single instance. A task is
 * forgotten `ttlMs` after its creation; one still running after `timeoutMs` fails, its attempt
 * aborted; `close()` cancels what still runs. A task is live, and counts against `maxTasks`
 * and its owner's `maxTasksPerSubject`, until it is cancelled, its owner is handed its outcome
 * (`release`), or it is forgotten.
 *
 * @example
 * ```ts
 * const engine = new MemoryTaskEngine(limits, logger);
 * engine.start(runAttempt);
 * ```
 */
export class MemoryTaskEngine implements TaskEngine {
  readonly #limits: TaskLimits;
  readonly #logger: Logger;
  readonly #tasks = new Map<string, Entry>();
  readonly #slots: TaskSlots;
  readonly #listeners = new Set<(task: TaskView) => void>();
  #run: TaskAttemptRunner | undefined;

  constructor(limits: TaskLimits, logger: Logger) {
    this.#limits = limits;
    this.#logger = logger;
    this.#slots = new TaskSlots(limits);
  }

  start(run: TaskAttemptRunner): void {
    this.#run = run;
  }

  async create(call: TaskCall, owner: string | null): Promise<TaskView> {
    const taskId = randomUUID();
    this.#slots.take(taskId, owner, Date.now() + this.#limits.ttlMs);
    const now = new Date().toISOString();
    const entry: Entry = {
      view: {
        taskId,
        owner,
        status: 'working',
        createdAt: now,
        lastUpdatedAt: now,
        ttlMs: this.#limits.ttlMs,
        pollIntervalMs: this.#limits.pollIntervalMs,
      },
      call,
      attempt: undefined,
      questions: new PendingQuestions(),
      timers: [
        setTimeout(() => this.#forget(taskId), this.#limits.ttlMs).unref(),
        setTimeout(() => this.#timeOut(taskId), this.#limits.timeoutMs).unref(),
      ],
    };
    this.#tasks.set(taskId, entry);
    this.#runAttempt(entry, call.round);
    return copyOf(entry.view);
  }

  async get(taskId: string, owner: string | null): Promise<TaskView | undefined> {
    const entry = this.#find(taskId, owner);
    return entry === undefined ? undefined : copyOf(entry.view);
  }

  async update(
    taskId: string,
    owner: string | null,
    responses: Record<string, unknown>,
  ): Promise<boolean> {
    const entry = this.#find(taskId, owner);
    if (entry === undefined) return false;
    if (entry.view.status !== 'input_required') return true;
    const round = entry.questions.answer(responses);
    if (round === undefined) {
      entry.view.inputRequests = entry.questions.outstanding();
      this.#touch(entry);
      return true;
    }
    entry.view.inputRequests = undefined;
    this.#change(entry, { status: 'working' });
    this.#runAttempt(entry, round);
    return true;
  }

  async cancel(taskId: string, owner: string | null): Promise<boolean> {
    const entry = this.#find(taskId, owner);
    if (entry === undefined) return false;
    if (isTerminalTaskStatus(entry.view.status)) return true;
    entry.view.inputRequests = undefined;
    this.#change(entry, { status: 'cancelled', statusMessage: 'Cancelled by the client' });
    entry.attempt?.abort(new Error('The task was cancelled'));
    this.#release(entry);
    return true;
  }

  async release(taskId: string, owner: string | null): Promise<void> {
    const entry = this.#find(taskId, owner);
    if (entry !== undefined && isTerminalTaskStatus(entry.view.status)) this.#release(entry);
  }

  onChange(listener: (task: TaskView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    for (const entry of this.#tasks.values()) {
      for (const timer of entry.timers) clearTimeout(timer);
      entry.attempt?.abort(new Error('The server shut down'));
    }
    this.#tasks.clear();
    this.#slots.clear();
  }

  #find(taskId: string, owner: string | null): Entry | undefined {
    const entry = this.#tasks.get(taskId);
    return entry?.view.owner === owner ? entry : undefined;
  }

  /** Gives back the task's slot; forgets the released tasks beyond the bound. */
  #release(entry: Entry): void {
    for (const taskId of this.#slots.release(entry.view.taskId, entry.view.owner)) {
      this.#forget(taskId);
    }
  }

  #runAttempt(entry: Entry, round: TaskRound | undefined): void {
    const run = this.#run;
    if (run === undefined) throw new Error('MemoryTaskEngine.start() was not called');
    const controller = new AbortController();
    entry.attempt = controller;
    const call = round === undefined ? entry.call : { ...entry.call, round };
    const { taskId } = entry.view;
    const setStatusMessage = (message: string): void => {
      if (entry.attempt === controller && !isTerminalTaskStatus(entry.view.status)) {
        entry.view.statusMessage = message;
        this.#touch(entry);
      }
    };
    run(call, { taskId, signal: controller.signal, setStatusMessage }).then(
      (outcome) => this.#settle(entry, controller, outcome),
      (error: unknown) => {
        this.#logger.error({ err: error, taskId }, 'A task attempt failed unexpectedly');
        this.#settle(entry, controller, {
          kind: 'error',
          error: { code: -32603, message: 'Internal error occurred' },
        });
      },
    );
  }

  #settle(entry: Entry, controller: AbortController, outcome: AttemptOutcome): void {
    // A cancelled or timed-out task keeps its status; a superseded attempt says nothing.
    if (entry.attempt !== controller || isTerminalTaskStatus(entry.view.status)) return;
    entry.attempt = undefined;
    switch (outcome.kind) {
      case 'result':
        entry.view.result = outcome.result;
        this.#change(entry, { status: 'completed' });
        return;
      case 'error':
        entry.view.error = outcome.error;
        this.#change(entry, { status: 'failed', statusMessage: outcome.error.message });
        return;
      case 'input':
        entry.view.inputRequests = entry.questions.ask(outcome.inputRequests, outcome.state);
        this.#change(entry, { status: 'input_required' });
    }
  }

  #timeOut(taskId: string): void {
    const entry = this.#tasks.get(taskId);
    if (entry === undefined || isTerminalTaskStatus(entry.view.status)) return;
    const message = `Task timed out after ${this.#limits.timeoutMs} ms`;
    entry.view.inputRequests = undefined;
    entry.view.error = { code: -32603, message };
    this.#change(entry, { status: 'failed', statusMessage: message });
    entry.attempt?.abort(new Error(message));
  }

  #forget(taskId: string): void {
    const entry = this.#tasks.get(taskId);
    if (entry === undefined) return;
    for (const timer of entry.timers) clearTimeout(timer);
    entry.attempt?.abort(new Error('The task expired'));
    this.#tasks.delete(taskId);
    this.#slots.forget(taskId, entry.view.owner);
  }

  #change(entry: Entry, change: Pick<TaskView, 'status'> & { statusMessage?: string }): void {
    entry.view.status = change.status;
    if (change.statusMessage !== undefined) entry.view.statusMessage = change.statusMessage;
    this.#touch(entry);
    const view = copyOf(entry.view);
    for (const listener of this.#listeners) {
      try {
        listener(view);
      } catch (error) {
        this.#logger.warn({ err: error, taskId: view.taskId }, 'A task listener failed');
      }
    }
  }

  #touch(entry: Entry): void {
    entry.view.lastUpdatedAt = new Date().toISOString();
  }
}

/** A copy the caller may keep: later changes to the task do not reach it. */
function copyOf(view: TaskView): TaskView {
  return structuredClone(view);
}
