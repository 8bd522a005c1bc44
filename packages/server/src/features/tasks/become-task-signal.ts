import { CALL_ATTEMPT_ENDED, endsCallAttempt } from '@apcore-mcp/core';

/**
 * Ends the quick part of a call whose module called `becomeTask(context)`: thrown there,
 * carried out of the executor unchanged (like a question), and answered by the task entry with
 * the task it then creates. Not a failure: nothing logs it as one.
 *
 * @example
 * ```ts
 * extra.becomeTask = async () => { throw new BecomeTaskSignal(); };
 * ```
 */
export class BecomeTaskSignal extends Error {
  readonly [CALL_ATTEMPT_ENDED] = true;
  readonly becomesTask = true;

  constructor() {
    super('The call continues as a task');
    this.name = 'BecomeTaskSignal';
  }

  /** Whether `value` is a signal, from this copy of the package or another. */
  static isInstance(value: unknown): value is BecomeTaskSignal {
    return (
      endsCallAttempt(value) &&
      value instanceof Error &&
      (value as { becomesTask?: unknown }).becomesTask === true
    );
  }
}
