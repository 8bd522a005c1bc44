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

  it('goes on the same from a JSON snapshot: open questions, answers so far, keys used', () => {
    const questions = new PendingQuestions();
    questions.ask({ name: form('Name?') }, undefined);
    questions.answer({ name: { action: 'decline' } });
    questions.ask({ name: form('Again?'), confirm: form('Sure?') }, { round: 'r2' });
    questions.answer({ 'name-2': { action: 'accept', content: { name: 'Ada' } } });
    const restored = PendingQuestions.fromJSON(JSON.parse(JSON.stringify(questions.toJSON())));
    expect(restored.outstanding()).toEqual({ confirm: form('Sure?') });
    expect(restored.answer({ confirm: { action: 'accept' } })).toEqual({
      responses: {
        name: { action: 'accept', content: { name: 'Ada' } },
        confirm: { action: 'accept' },
      },
      state: { round: 'r2' },
    });
    expect(restored.ask({ name: form('Third?') }, undefined)).toEqual({ 'name-3': form('Third?') });
  });
});
