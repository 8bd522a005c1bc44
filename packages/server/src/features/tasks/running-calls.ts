import { randomUUID } from 'node:crypto';
import type { ContinuedCall } from '../../kernel/call-extra.js';

/**
 * The calls of this process that became tasks while running (`taskAfterMs`), by the id their
 * task's call carries (`TaskCall.continues`), until that task's attempt takes them over.
 * Process-local on purpose: a running call cannot move to another process.
 *
 * @example
 * ```ts
 * const id = runningCalls.add({ startedAt, ended, abort });
 * const call = runningCalls.take(id); // once, in the task's attempt
 * ```
 */
export class RunningCalls {
  readonly #calls = new Map<string, ContinuedCall>();

  /** Keeps `call` until its task's attempt takes it; returns its id. */
  add(call: ContinuedCall): string {
    const id = randomUUID();
    this.#calls.set(id, call);
    return id;
  }

  /** The call of `id`, once: `undefined` when another took it or it never was here. */
  take(id: string): ContinuedCall | undefined {
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
