import type { TaskRound } from './task-state.js';

/**
 * The questions a task waits on, under keys unique over the task's life (MCP requires it: a key
 * answered once never names another question). An attempt names its questions by the module's
 * keys (`user_name`); a key this task used before is shown as `user_name-2`, and its answer goes
 * back to the attempt under the module's key.
 *
 * @example
 * ```ts
 * const shown = questions.ask({ user_name: request }, state); // { user_name: request }
 * const round = questions.answer({ user_name: answer }); // every question answered: run again
 * ```
 */
export class PendingQuestions {
  readonly #used = new Set<string>();
  /** Shown key -> the attempt's key, for the questions not answered yet. */
  readonly #open = new Map<string, string>();
  readonly #requests = new Map<string, Record<string, unknown>>();
  #answers: Record<string, unknown> = {};
  #state: Record<string, unknown> | undefined;

  /** Records an attempt's questions; returns them under their shown keys. */
  ask(
    requests: Record<string, Record<string, unknown>>,
    state: Record<string, unknown> | undefined,
  ): Record<string, Record<string, unknown>> {
    this.#open.clear();
    this.#requests.clear();
    this.#answers = {};
    this.#state = state;
    for (const [key, request] of Object.entries(requests)) {
      const shown = this.#unusedKey(key);
      this.#used.add(shown);
      this.#open.set(shown, key);
      this.#requests.set(shown, request);
    }
    return this.outstanding();
  }

  /**
   * Takes the answers to open questions (others are ignored); the round the next attempt runs
   * with once none is left open, else `undefined`.
   */
  answer(responses: Record<string, unknown>): TaskRound | undefined {
    for (const [shown, response] of Object.entries(responses)) {
      const key = this.#open.get(shown);
      if (key === undefined) continue;
      this.#answers[key] = response;
      this.#open.delete(shown);
      this.#requests.delete(shown);
    }
    if (this.#open.size > 0) return undefined;
    const round: TaskRound = { responses: this.#answers };
    if (this.#state !== undefined) round.state = this.#state;
    return round;
  }

  /** The questions still open, by shown key. */
  outstanding(): Record<string, Record<string, unknown>> {
    return Object.fromEntries(this.#requests);
  }

  #unusedKey(key: string): string {
    if (!this.#used.has(key)) return key;
    let n = 2;
    while (this.#used.has(`${key}-${n}`)) n += 1;
    return `${key}-${n}`;
  }
}
