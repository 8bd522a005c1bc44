import { describe, expect, it } from 'vitest';
import { PendingQuestions } from './pending-questions.js';

const form = (message: string) => ({ method: 'elicitation/create', params: { message } });

describe('PendingQuestions', () => {
  it('waits for every open question, then gives the next round under the attempt keys', () => {
    const questions = new PendingQuestions();
    const state = { round: 'r1' };
    expect(questions.ask({ name: form('Name?'), confirm: form('Sure?') }, state)).toEqual({
      name: form('Name?'),
      confirm: form('Sure?'),
    });
    expect(questions.answer({ name: { action: 'accept', content: { name: 'Ada' } } })).toBe(
      undefined,
    );
    expect(questions.outstanding()).toEqual({ confirm: form('Sure?') });
    expect(questions.answer({ confirm: { action: 'decline' } })).toEqual({
      responses: {
        name: { action: 'accept', content: { name: 'Ada' } },
        confirm: { action: 'decline' },
      },
      state,
    });
  });

  it('ignores answers to keys that are not open', () => {
    const questions = new PendingQuestions();
    questions.ask({ name: form('Name?') }, undefined);
    expect(questions.answer({ unknown: { action: 'accept' } })).toBe(undefined);
    expect(questions.outstanding()).toEqual({ name: form('Name?') });
  });

  it('never shows a key twice over the task, and maps the answer back', () => {
    const questions = new PendingQuestions();
    questions.ask({ name: form('Name?') }, undefined);
    questions.answer({ name: { action: 'accept', content: { name: 'Ada' } } });
    expect(questions.ask({ name: form('Another name?') }, undefined)).toEqual({
      'name-2': form('Another name?'),
    });
    expect(questions.answer({ 'name-2': { action: 'decline' } })).toEqual({
      responses: { name: { action: 'decline' } },
    });
  });
});
