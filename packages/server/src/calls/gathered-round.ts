import { setImmediate } from 'node:timers/promises';
import type { McpInputRequest } from '@apcore-mcp/core/bridge';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { Pending } from './rounds-state.js';

/** What a round asks the client with: its questions by `inputRequests` key, and what they are. */
export type AskRound = (
  questions: Record<string, McpInputRequest>,
  pending: Pending[],
) => Promise<InputRequiredResult>;

/** A pending entry before it gets its key in the round. */
export type PendingEntry = Pending extends infer Entry
  ? Entry extends Pending
    ? Omit<Entry, 'input'>
    : never
  : never;

/**
 * The questions one attempt of a 2026-07-28 call asks together. Questions asked while the
 * module is still busy (`Promise.all` over two `elicit()`, a module asking while a nested call
 * asks for approval) land in one `input_required` round: it closes once the module has done
 * everything it can without the answers (after the pending promise callbacks of this turn of the
 * event loop), each question under a key of its own.
 *
 * @example
 * ```ts
 * const round = new GatheredRound(async (questions, pending) => input.require(questions, state));
 * round.add('user_name', request, { kind: 'question', key: 'user_name', question, nth: 0, method });
 * const answer = await round.outcome;
 * ```
 */
export class GatheredRound {
  // A map: keys are the module's own, `__proto__` included.
  readonly #questions = new Map<string, McpInputRequest>();
  readonly #pending: Pending[] = [];
  #closing = false;
  /** The `input_required` answer; rejects when the round could not be asked. */
  readonly outcome: Promise<InputRequiredResult>;

  constructor(ask: AskRound) {
    this.outcome = setImmediate().then(() => {
      this.#closing = true;
      return ask(Object.fromEntries(this.#questions), this.#pending);
    });
    // Every question awaits it; a failure is theirs to see, never an unhandled rejection.
    this.outcome.catch(() => {});
  }

  /** Whether the round still takes questions. */
  get open(): boolean {
    return !this.#closing;
  }

  /** Adds a question under `preferred`, or the first of `preferred_2`, `_3`, ... still free. */
  add(preferred: string, request: McpInputRequest, entry: PendingEntry): void {
    let input = preferred;
    for (let suffix = 2; this.#questions.has(input); suffix++) input = `${preferred}_${suffix}`;
    this.#questions.set(input, request);
    this.#pending.push({ ...entry, input } as Pending);
  }
}
