import { randomUUID } from 'node:crypto';
import type { CallAnswer } from '../../calls/call-observer.js';

/** How a call that became a task by running too long ended: its answer, or what it threw. */
export type RunningCallEnd = { answer: CallAnswer } | { error: unknown };

/** A call still running after it was answered with a task, as that task's attempt takes it. */
export interface RunningCall {
  /** Settles when the call does; never rejects. */
  readonly ended: Promise<RunningCallEnd>;
  /** Stops the call (the task was cancelled, or the server closes). */
  abort(reason: unknown): void;
}

/**
 * The calls of this process that became tasks while running (`taskAfterMs`), by the id their
 * task's call carries (`TaskCall.continues`), until that task's attempt takes them. Process-local
 * on purpose: a running call cannot move to another process.
 *
 * @example
 * ```ts
 * const id = runningCalls.add({ ended, abort });
 * const call = runningCalls.take(id); // once, in the task's attempt
 * ```
 */
export class RunningCalls {
  readonly #calls = new Map<string, RunningCall>();

  /** Keeps `call` until its task's attempt takes it; returns its id. */
  add(call: RunningCall): string {
    const id = randomUUID();
    this.#calls.set(id, call);
    return id;
  }

  /** The call of `id`, once: `undefined` when another took it or it never was here. */
  take(id: string): RunningCall | undefined {
    const call = this.#calls.get(id);
    this.#calls.delete(id);
    return call;
  }

  /** Stops every call no attempt took (the server closes). */
  abortAll(reason: unknown): void {
    for (const call of this.#calls.values()) call.abort(reason);
    this.#calls.clear();
  }
}
