import { describe, expect, it, vi } from 'vitest';
import { MCP_CLIENT_CHANNEL_KEY } from '../channel/client-channel.js';
import { ClientCapabilityRequiredError } from '../errors/client-capability-required-error.js';
import { CALL_ATTEMPT_ENDED, MCP_ELICIT_KEY, type McpElicitSender } from '../mcp-context-keys.js';
import { elicit } from '../mcp-helpers.js';
import { ask, listRoots, sample } from './ask.js';
import type { McpAsker } from './input-requests.js';
import { formQuestion, rootsQuestion, samplingQuestion } from './questions.js';

const NAME_FORM = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};
const CAPITAL = {
  messages: [{ role: 'user' as const, content: { type: 'text', text: 'Capital of France?' } }],
  maxTokens: 100,
};
const PARIS = {
  role: 'assistant',
  content: { type: 'text', text: 'Paris.' },
  model: 'test-model',
  stopReason: 'endTurn',
};
const ROOTS = { roots: [{ uri: 'file:///work', name: 'work' }, { name: 'no uri' }] };

function answering(responses: Record<string, unknown>) {
  const asker = vi.fn<McpAsker>(async (questions) =>
    Object.fromEntries(Object.keys(questions).map((key) => [key, responses[key] ?? null])),
  );
  return { asker, context: { data: { [MCP_CLIENT_CHANNEL_KEY]: { ask: asker } } } };
}

describe('ask', () => {
  it('asks every question at once, by key, and answers each in its own shape', async () => {
    const { asker, context } = answering({
      user_name: { action: 'accept', content: { name: 'Ada' } },
      greeting: PARIS,
      client_roots: ROOTS,
    });
    const answers = await ask(context, {
      user_name: formQuestion('What is your name?', NAME_FORM),
      greeting: samplingQuestion(CAPITAL),
      client_roots: rootsQuestion({ required: true }),
    });
    expect(answers).toEqual({
      user_name: { name: 'Ada' },
      greeting: PARIS,
      client_roots: [{ uri: 'file:///work', name: 'work' }],
    });
    expect(asker).toHaveBeenCalledTimes(1);
    expect(asker.mock.calls[0]?.[0]).toEqual({
      user_name: {
        request: {
          method: 'elicitation/create',
          params: { message: 'What is your name?', requestedSchema: NAME_FORM },
        },
        required: false,
      },
      greeting: { request: { method: 'sampling/createMessage', params: CAPITAL }, required: false },
      client_roots: { request: { method: 'roots/list' }, required: true },
    });
  });

  it('gives null for a declined form, a missing answer or one of the wrong shape', async () => {
    const { context } = answering({
      declined: { action: 'decline' },
      wrong: { role: 'assistant' },
      numbers: 12345,
    });
    const answers = await ask(context, {
      declined: formQuestion('OK?'),
      wrong: samplingQuestion(CAPITAL),
      numbers: rootsQuestion(),
      missing: formQuestion('Anything?'),
    });
    expect(answers).toEqual({ declined: null, wrong: null, numbers: null, missing: null });
  });

  it('answers an accepted empty form with {}', async () => {
    const { context } = answering({ elicitation: { action: 'accept' } });
    expect(await elicit(context, 'Continue?')).toEqual({});
  });

  it('answers null outside an MCP call, and throws for a required question', async () => {
    for (const context of [undefined, null, {}, { data: 'text' }, { data: {} }]) {
      await expect(ask(context, { roots: rootsQuestion() })).resolves.toEqual({ roots: null });
      await expect(sample(context, CAPITAL, { required: true })).rejects.toSatisfy(
        (error) =>
          ClientCapabilityRequiredError.isInstance(error) &&
          JSON.stringify(error.details) === '{"capabilities":["sampling"]}',
      );
    }
    expect(await ask(undefined, {})).toEqual({});
  });

  it('gives null when the asker fails, unless a question was required', async () => {
    const failing: McpAsker = async () => {
      throw new Error('connection closed');
    };
    const context = { data: { [MCP_CLIENT_CHANNEL_KEY]: { ask: failing } } };
    expect(await listRoots(context)).toBeNull();
    await expect(listRoots(context, { required: true })).rejects.toThrow('connection closed');
  });

  it('lets the error that ends a 2026-07-28 attempt through', async () => {
    const signal = Object.assign(new Error('ask first'), { [CALL_ATTEMPT_ENDED]: true });
    const context = {
      data: {
        [MCP_CLIENT_CHANNEL_KEY]: {
          ask: async () => {
            throw signal;
          },
        },
      },
    };
    await expect(elicit(context, 'Name?')).rejects.toBe(signal);
  });

  it('names each single question by its key, or by its kind', async () => {
    const { asker, context } = answering({ sampling: PARIS, folders: ROOTS });
    expect(await sample(context, CAPITAL)).toEqual(PARIS);
    expect(await listRoots(context, { key: 'folders' })).toEqual([
      { uri: 'file:///work', name: 'work' },
    ]);
    await elicit(context, 'Name?', NAME_FORM, { key: 'user_name' });
    expect(asker.mock.calls.map(([questions]) => Object.keys(questions))).toEqual([
      ['sampling'],
      ['folders'],
      ['user_name'],
    ]);
  });

  it('refuses what is not a question, an empty key, or a key that is not a string', async () => {
    const { context } = answering({});
    await expect(ask(context, { nope: { request: 'x' } } as never)).rejects.toThrow(
      'ask(): "nope" is not a question; build it with formQuestion(), samplingQuestion() or rootsQuestion()',
    );
    await expect(ask(context, { '': rootsQuestion() })).rejects.toThrow('must not be empty');
    await expect(ask(context, [] as never)).rejects.toThrow('must be an object of questions');
    await expect(listRoots(context, { key: '' })).rejects.toThrow('options.key must be');
    await expect(elicit(context, 42 as never)).rejects.toThrow('message must be a string');
    expect(() => samplingQuestion({} as never)).toThrow('must have a messages array');
  });
});

describe('a host that hands modules only an elicitation sender', () => {
  it('still answers forms, and nothing else', async () => {
    const send = vi.fn<McpElicitSender>(async () => ({ action: 'accept', content: { ok: 1 } }));
    const context = { data: { [MCP_ELICIT_KEY]: send } };
    const answers = await ask(context, { form: formQuestion('OK?'), roots: rootsQuestion() });
    expect(answers).toEqual({ form: { ok: 1 }, roots: null });
    await expect(listRoots(context, { required: true })).rejects.toSatisfy(
      ClientCapabilityRequiredError.isInstance,
    );
  });
});
