import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';

/**
 * A question the server asks (`elicitation/create`, or an `input_required` round of
 * 2026-07-28, which the SDK turns into the same request), waiting for the user's answer.
 *
 * @example
 * ```ts
 * question.answer({ action: 'decline' });
 * ```
 */
export interface PendingQuestion {
  params: ElicitRequest['params'];
  answer(result: ElicitResult): void;
}

/**
 * Holds the questions waiting for an answer, first come first asked; the page renders the
 * first one.
 *
 * @example
 * ```ts
 * const questions = new QuestionQueue();
 * questions.subscribe(() => render(questions.current()));
 * const result = await questions.ask(params);
 * ```
 */
export class QuestionQueue {
  private readonly pending: PendingQuestion[] = [];
  private readonly listeners = new Set<() => void>();

  /** Queues a question; resolves with the user's answer. */
  ask(params: ElicitRequest['params']): Promise<ElicitResult> {
    return new Promise((resolve) => {
      const question: PendingQuestion = {
        params,
        answer: (result) => {
          this.pending.splice(this.pending.indexOf(question), 1);
          resolve(result);
          this.notify();
        },
      };
      this.pending.push(question);
      this.notify();
    });
  }

  /** The question to show now. */
  current(): PendingQuestion | undefined {
    return this.pending[0];
  }

  /** Cancels every waiting question (the connection is going away). */
  cancelAll(): void {
    for (const question of [...this.pending]) question.answer({ action: 'cancel' });
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
