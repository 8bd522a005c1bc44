import type { TaskRound } from './task-state.js';

/**
 * What {@link PendingQuestions} knows, as plain JSON: how an engine that keeps tasks outside
 * this process (in Redis) stores a task's questions between its attempts and its answers.
 *
 * @example
 * ```ts
 * const snapshot: PendingQuestionsSnapshot = questions.toJSON();
 * const same = PendingQuestions.fromJSON(JSON.parse(JSON.stringify(snapshot)));
 * ```
 */
export interface PendingQuestionsSnapshot {
  /** Every key shown over the task's life. */
  used: string[];
  /** The open questions: shown key -> the attempt's key and the request. */
  open: Record<string, { key: string; request: Record<string, unknown> }>;
  /** The answers given so far this round, by the attempt's key. */
  answers: Record<string, unknown>;
  /** The state the next attempt resumes from. */
  state?: Record<string, unknown>;
}

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

  /** Everything this holds, as plain JSON ({@link PendingQuestions.fromJSON} takes it back). */
  toJSON(): PendingQuestionsSnapshot {
    const open: PendingQuestionsSnapshot['open'] = {};
    for (const [shown, key] of this.#open) {
      open[shown] = { key, request: this.#requests.get(shown) ?? {} };
    }
    const snapshot: PendingQuestionsSnapshot = {
      used: [...this.#used],
      open,
      answers: this.#answers,
    };
    if (this.#state !== undefined) snapshot.state = this.#state;
    return snapshot;
  }

  /** The questions a {@link PendingQuestions.toJSON} snapshot describes, as they were. */
  static fromJSON(snapshot: PendingQuestionsSnapshot): PendingQuestions {
    const questions = new PendingQuestions();
    for (const key of snapshot.used) questions.#used.add(key);
    for (const [shown, { key, request }] of Object.entries(snapshot.open)) {
      questions.#open.set(shown, key);
      questions.#requests.set(shown, request);
    }
    questions.#answers = { ...snapshot.answers };
    questions.#state = snapshot.state;
    return questions;
  }

  #unusedKey(key: string): string {
    if (!this.#used.has(key)) return key;
    let n = 2;
    while (this.#used.has(`${key}-${n}`)) n += 1;
    return `${key}-${n}`;
  }
}
