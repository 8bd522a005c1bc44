import { CALL_ATTEMPT_ENDED, endsCallAttempt } from '@apcore-mcp/core';
import type { InputRequiredResult } from '@modelcontextprotocol/server';

/**
 * Ends one attempt of a 2026-07-28 call with questions instead of a result: thrown where the
 * answer is needed (an approval, deep inside the executor), carried out unchanged, and answered
 * by the router as the `input_required` result it holds. Not a failure: nothing is logged as one.
 *
 * @example
 * ```ts
 * throw new InputRequiredSignal(await input.require({ approval: question }, state));
 * ```
 */
export class InputRequiredSignal extends Error {
  readonly answer: InputRequiredResult;
  readonly [CALL_ATTEMPT_ENDED] = true;

  constructor(answer: InputRequiredResult) {
    super('The call needs input from the client');
    this.name = 'InputRequiredSignal';
    this.answer = answer;
  }

  /** Whether `value` is a signal, from this copy of the package or another. */
  static isInstance(value: unknown): value is InputRequiredSignal {
    return endsCallAttempt(value) && value instanceof Error && 'answer' in value;
  }
}
