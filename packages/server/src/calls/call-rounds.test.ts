import type { McpInputRequest, McpQuestion } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import type { InputRequiredResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { ClientCapabilities, FormQuestion, InputRound } from '../kernel/call-extra.js';
import { CallRounds } from './call-rounds.js';
import { hashJson } from './hash-json.js';
import { InputRequiredSignal } from './input-required-signal.js';

const CALL = { tool: 'files-delete', arguments: { path: '/tmp/a', force: true } };
const CONFIRM: FormQuestion = { message: 'Sure?', requestedSchema: { type: 'object' } };
const EVERYTHING: ClientCapabilities = { elicitation: {}, sampling: {}, roots: {} };
const FOLDER = form('Folder?');
const SUMMARY: McpQuestion = {
  request: {
    method: 'sampling/createMessage',
    params: {
      messages: [{ role: 'user', content: { type: 'text', text: 'Sum up' } }],
      maxTokens: 9,
    },
  },
  required: false,
};
const ROOTS: McpQuestion = { request: { method: 'roots/list' }, required: false };
const PARIS = { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' };

function form(message: string, required = false): McpQuestion {
  return {
    request: { method: 'elicitation/create', params: { message, requestedSchema: {} } },
    required,
  };
}

/** What one attempt asked: the questions and the (unsigned, in this test) state for the retry. */
interface Asked {
  questions: Record<string, McpInputRequest>;
  state: Record<string, unknown>;
}

/** An input round as the SDK hands it over: the retry's answers and state; asking records. */
function roundOf(retry?: { state?: Record<string, unknown>; responses: Record<string, unknown> }) {
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

const logger = createRecordingLogger();

function roundsOf(
  input: InputRound,
  capabilities = EVERYTHING,
  call: { tool: string; arguments: Record<string, unknown> } = CALL,
) {
  return new CallRounds(input, call, { logger, capabilities });
}

async function attempt(rounds: CallRounds, run: (rounds: CallRounds) => Promise<unknown>) {
  try {
    return { value: await run(rounds) };
  } catch (error) {
    if (!InputRequiredSignal.isInstance(error)) throw error;
    return { signal: error };
  }
}

/** Runs `run` round after round, answering each with `answer`, until it completes. */
async function untilDone(
  run: (rounds: CallRounds) => Promise<unknown>,
  answer: (asked: Asked) => Record<string, unknown>,
) {
  const rounds: Asked[] = [];
  let retry: { state: Record<string, unknown>; responses: Record<string, unknown> } | undefined;
  for (let round = 0; round < 5; round++) {
    const { input, asked } = roundOf(retry);
    const result = await attempt(roundsOf(input), run);
    if (result.signal === undefined) return { value: result.value, rounds };
    const last = asked[0] as Asked;
    rounds.push(last);
    retry = { state: last.state, responses: answer(last) };
  }
  throw new Error('the call never completed');
}

describe('the rounds of a 2026-07-28 call', () => {
  it('hashes equal values equally, whatever their key order', () => {
    expect(hashJson({ a: 1, b: { c: 2, d: 3 } })).toBe(hashJson({ b: { d: 3, c: 2 }, a: 1 }));
    expect(hashJson({ a: 1 })).not.toBe(hashJson({ a: 2 }));
  });

  it('asks named questions in turn and hands each its recorded answer', async () => {
    const run = async (rounds: CallRounds) => [
      await rounds.ask({ step1: FOLDER }),
      await rounds.ask({ step2: form('Really?') }),
    ];
    const { value, rounds } = await untilDone(run, ({ questions }) =>
      Object.fromEntries(Object.keys(questions).map((key) => [key, { action: 'accept' }])),
    );
    expect(rounds.map(({ questions }) => Object.keys(questions))).toEqual([['step1'], ['step2']]);
    expect(value).toEqual([{ step1: { action: 'accept' } }, { step2: { action: 'accept' } }]);
  });

  it('asks several questions of one ask() in one round, and answers them together', async () => {
    const run = (rounds: CallRounds) =>
      rounds.ask({ name: FOLDER, summary: SUMMARY, roots: ROOTS });
    const { value, rounds } = await untilDone(run, () => ({
      name: { action: 'accept', content: { folder: 'docs' } },
      summary: PARIS,
      roots: { roots: [{ uri: 'file:///w' }] },
      unknown_extra_key: { action: 'accept' },
    }));
    expect(rounds).toHaveLength(1);
    expect(rounds[0]?.questions).toEqual({
      name: FOLDER.request,
      summary: SUMMARY.request,
      roots: ROOTS.request,
    });
    expect(value).toEqual({
      name: { action: 'accept', content: { folder: 'docs' } },
      summary: PARIS,
      roots: { roots: [{ uri: 'file:///w' }] },
    });
  });

  it('asks two elicit() in flight at once in one round, and ends once both are answered', async () => {
    const run = (rounds: CallRounds) =>
      Promise.all([rounds.elicit('Which folder?'), rounds.elicit('Which file?')]);
    const { value, rounds } = await untilDone(run, ({ questions }) =>
      Object.fromEntries(
        Object.entries(questions).map(([key, request]) => [
          key,
          { action: 'accept', content: { said: 'params' in request && request.params.message } },
        ]),
      ),
    );
    expect(rounds.map(({ questions }) => Object.keys(questions))).toEqual([
      ['elicitation', 'elicitation_2'],
    ]);
    expect(value).toEqual([
      { action: 'accept', content: { said: 'Which folder?' } },
      { action: 'accept', content: { said: 'Which file?' } },
    ]);
  });

  it('asks the same question again each time a module asks it again', async () => {
    const run = async (rounds: CallRounds) => {
      const answers: unknown[] = [];
      for (let turn = 0; turn < 3; turn++) answers.push((await rounds.ask({ more: FOLDER })).more);
      return answers;
    };
    let count = 0;
    const { value, rounds } = await untilDone(run, ({ questions }) =>
      Object.fromEntries(
        Object.keys(questions).map((key) => [key, { action: 'accept', content: { n: ++count } }]),
      ),
    );
    expect(rounds.map(({ questions }) => Object.keys(questions))).toEqual([
      ['more'],
      ['more_2'],
      ['more_3'],
    ]);
    expect(value).toEqual([1, 2, 3].map((n) => ({ action: 'accept', content: { n } })));
  });

  it('asks again a question answered in the wrong shape, or under another key', async () => {
    const first = roundOf();
    await attempt(roundsOf(first.input), (rounds) => rounds.ask({ roots: ROOTS }));
    const retry = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { roots: 12345, other: { roots: [] } },
    });
    expect(
      (await attempt(roundsOf(retry.input), (r) => r.ask({ roots: ROOTS }))).signal,
    ).toBeDefined();
    expect(Object.keys(retry.asked[0]?.questions ?? {})).toEqual(['roots']);
  });

  it('takes the answers of a call without state, but never for an approval', async () => {
    const { input, asked } = roundOf({
      responses: {
        user_name: { action: 'accept', content: { name: 'Ada' } },
        approval: { action: 'accept' },
      },
    });
    const rounds = roundsOf(input);
    expect(await rounds.ask({ user_name: FOLDER })).toEqual({
      user_name: { action: 'accept', content: { name: 'Ada' } },
    });
    const approval = await attempt(rounds, (r) => r.approval('files.delete', {}, () => CONFIRM));
    expect(approval.signal).toBeDefined();
    expect(Object.keys(asked[0]?.questions ?? {})).toEqual(['approval']);
    // The early answer is carried into the state of the question asked next.
    expect(asked[0]?.state.answers).toEqual([
      expect.objectContaining({
        key: 'user_name',
        answer: { action: 'accept', content: { name: 'Ada' } },
      }),
    ]);
  });

  it('answers null to what the client did not declare, and asks it anyway when required', async () => {
    const first = roundOf();
    const samplingOnly = roundsOf(first.input, { sampling: {} });
    expect(await samplingOnly.ask({ form: FOLDER, roots: ROOTS })).toEqual({
      form: null,
      roots: null,
    });
    const result = await attempt(samplingOnly, (r) =>
      r.ask({ elicit_input: FOLDER, sample_input: SUMMARY, needed: form('Name?', true) }),
    );
    expect(result.signal).toBeDefined();
    // The SDK refuses a round asking what the client cannot answer: -32021.
    expect(Object.keys(first.asked[0]?.questions ?? {})).toEqual(['sample_input', 'needed']);
  });

  it('carries a granted approval forward into the state of the next question', async () => {
    const run = async (rounds: CallRounds) => {
      const approval = await rounds.approval('files.delete', { path: '/tmp/a' }, () => CONFIRM);
      return [approval, await rounds.elicit('Which copy?')];
    };
    const { value, rounds } = await untilDone(run, ({ questions }) =>
      'approval' in questions
        ? { approval: { action: 'accept', content: {} } }
        : { elicitation: { action: 'accept', content: { copy: 2 } } },
    );
    expect(rounds.map(({ questions }) => Object.keys(questions))).toEqual([
      ['approval'],
      ['elicitation'],
    ]);
    // The second attempt reads the approval as granted in the state it carried forward.
    expect(value).toEqual([{ action: 'accept' }, { action: 'accept', content: { copy: 2 } }]);
  });

  it('hands a declined approval to the approval, and never records it as granted', async () => {
    const first = roundOf();
    const ask = (rounds: CallRounds) => rounds.approval('files.delete', {}, () => CONFIRM);
    await attempt(roundsOf(first.input), ask);
    const retry = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { approval: { action: 'decline' } },
    });
    expect((await attempt(roundsOf(retry.input), ask)).value).toEqual({ action: 'decline' });
  });

  it('ignores state minted for other arguments, and asks again', async () => {
    const first = roundOf();
    const ask = (rounds: CallRounds) => rounds.approval('files.delete', {}, () => CONFIRM);
    await attempt(roundsOf(first.input), ask);
    const retry = roundOf({
      state: first.asked[0]?.state ?? {},
      responses: { approval: { action: 'accept' } },
    });
    const other = { ...CALL, arguments: { path: '/etc' } };
    const result = await attempt(roundsOf(retry.input, EVERYTHING, other), ask);
    expect(result.signal).toBeDefined();
    expect(logger.messages('warn')).toContain(
      'Ignored an approval answered for another call; asking again',
    );
  });

  it('keeps the round asked when a module that caught the signal asks again', async () => {
    const first = roundOf();
    const rounds = roundsOf(first.input);
    const stubborn = async (current: CallRounds) => {
      await current.elicit('First?').catch(() => undefined);
      return current.elicit('Second?');
    };
    const result = await attempt(rounds, stubborn);
    expect(result.signal?.answer).toBe(rounds.asked);
    expect(await rounds.settled()).toBe(rounds.asked);
    expect(first.asked).toHaveLength(1);
    expect(Object.keys(first.asked[0]?.questions ?? {})).toEqual(['elicitation']);
    expect(first.asked[0]?.questions.elicitation).toMatchObject({ params: { message: 'First?' } });
  });
});
