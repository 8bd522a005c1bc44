import { createRecordingLogger } from '@apcore-mcp/test-support';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { FormQuestion, InputRound } from '../kernel/call-extra.js';
import { CallRounds } from './call-rounds.js';
import { hashJson } from './hash-json.js';
import { InputRequiredSignal } from './input-required-signal.js';

const CALL = { tool: 'files-delete', arguments: { path: '/tmp/a', force: true } };
const CONFIRM: FormQuestion = { message: 'Sure?', requestedSchema: { type: 'object' } };

/** What one attempt asked: the questions and the (unsigned, in this test) state for the retry. */
interface Asked {
  questions: Record<string, FormQuestion>;
  state: Record<string, unknown>;
}

/** An input round as the SDK hands it over: the retry's answers and state; asking records. */
function roundOf(retry?: { state: Record<string, unknown>; responses: Record<string, unknown> }) {
  const asked: Asked[] = [];
  const input: InputRound = {
    state: retry?.state,
    responses: retry?.responses,
    require: async (questions, state) => {
      asked.push({ questions, state });
      return { resultType: 'input_required', inputRequests: {} } as unknown as InputRequiredResult;
    },
  };
  return { input, asked };
}

async function attempt(rounds: CallRounds, run: (rounds: CallRounds) => Promise<unknown>) {
  try {
    return { value: await run(rounds) };
  } catch (error) {
    if (!InputRequiredSignal.isInstance(error)) throw error;
    return { signal: error };
  }
}

describe('the rounds of a 2026-07-28 call', () => {
  const logger = createRecordingLogger();

  it('hashes equal values equally, whatever their key order', () => {
    expect(hashJson({ a: 1, b: { c: 2, d: 3 } })).toBe(hashJson({ b: { d: 3, c: 2 }, a: 1 }));
    expect(hashJson({ a: 1 })).not.toBe(hashJson({ a: 2 }));
  });

  it('asks each elicit() in turn and hands the recorded answers back in order', async () => {
    const twoQuestions = async (rounds: CallRounds) => [
      await rounds.elicit('Folder?', { type: 'object' }),
      await rounds.elicit('Really?'),
    ];
    const first = roundOf();
    const one = await attempt(new CallRounds(first.input, CALL, logger), twoQuestions);
    expect(one.signal).toBeDefined();
    expect(first.asked[0]?.questions).toEqual({
      elicitation: { message: 'Folder?', requestedSchema: { type: 'object' } },
    });
    const second = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { elicitation: { action: 'accept', content: { folder: 'docs' } } },
    });
    const two = await attempt(new CallRounds(second.input, CALL, logger), twoQuestions);
    expect(two.signal).toBeDefined();
    expect(Object.values(second.asked[0]?.questions ?? {})[0]?.message).toBe('Really?');
    const third = roundOf({
      state: second.asked[0]?.state ?? {},
      responses: { elicitation: { action: 'decline' } },
    });
    const three = await attempt(new CallRounds(third.input, CALL, logger), twoQuestions);
    expect(three.value).toEqual([
      { action: 'accept', content: { folder: 'docs' } },
      { action: 'decline' },
    ]);
    expect(third.asked).toEqual([]);
  });

  it('drops recorded answers once the module asks a different question in their place', async () => {
    const first = roundOf();
    await attempt(new CallRounds(first.input, CALL, logger), (rounds) => rounds.elicit('Folder?'));
    const retry = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { elicitation: { action: 'accept', content: { folder: 'docs' } } },
    });
    const rounds = new CallRounds(retry.input, CALL, logger);
    const result = await attempt(rounds, (current) => current.elicit('Another question?'));
    expect(result.signal).toBeDefined();
    expect(retry.asked[0]?.state.answers).toEqual([]);
  });

  it('carries a granted approval forward into the state of the next question', async () => {
    const approveThenAsk = async (rounds: CallRounds) => {
      const approval = await rounds.approval('files.delete', { path: '/tmp/a' }, () => CONFIRM);
      return [approval, await rounds.elicit('Which copy?')];
    };
    const first = roundOf();
    await attempt(new CallRounds(first.input, CALL, logger), approveThenAsk);
    expect(Object.keys(first.asked[0]?.questions ?? {})).toEqual(['approval']);
    const second = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { approval: { action: 'accept', content: { confirm: true } } },
    });
    await attempt(new CallRounds(second.input, CALL, logger), approveThenAsk);
    const third = roundOf({
      state: second.asked[0]?.state ?? {},
      responses: { elicitation: { action: 'accept', content: { copy: 2 } } },
    });
    const done = await attempt(new CallRounds(third.input, CALL, logger), approveThenAsk);
    expect(done.value).toEqual([
      { action: 'accept', content: { confirm: true } },
      { action: 'accept', content: { copy: 2 } },
    ]);
  });

  it('hands a declined approval to the approval, and never records it as granted', async () => {
    const first = roundOf();
    const ask = (rounds: CallRounds) => rounds.approval('files.delete', {}, () => CONFIRM);
    await attempt(new CallRounds(first.input, CALL, logger), ask);
    const retry = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { approval: { action: 'decline' } },
    });
    expect((await attempt(new CallRounds(retry.input, CALL, logger), ask)).value).toEqual({
      action: 'decline',
    });
  });

  it('ignores state minted for other arguments, and asks again', async () => {
    const first = roundOf();
    const ask = (rounds: CallRounds) => rounds.approval('files.delete', {}, () => CONFIRM);
    await attempt(new CallRounds(first.input, CALL, logger), ask);
    const retry = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { approval: { action: 'accept', content: { confirm: true } } },
    });
    const other = { ...CALL, arguments: { path: '/etc' } };
    const result = await attempt(new CallRounds(retry.input, other, logger), ask);
    expect(result.signal).toBeDefined();
    expect(logger.messages('warn')).toContain(
      'Ignored an approval answered for another call; asking again',
    );
  });

  it('keeps the first question when a module that caught the signal asks again', async () => {
    const first = roundOf();
    const rounds = new CallRounds(first.input, CALL, logger);
    const stubborn = async (current: CallRounds) => {
      await current.elicit('First?').catch(() => undefined);
      return current.elicit('Second?');
    };
    const result = await attempt(rounds, stubborn);
    expect(result.signal?.answer).toBe(rounds.asked);
    expect(first.asked).toHaveLength(1);
    expect(Object.values(first.asked[0]?.questions ?? {})[0]?.message).toBe('First?');
  });
});
