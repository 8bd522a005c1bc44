import { describe, expect, it } from 'vitest';
import { definePrompt } from './define-prompt.js';
import { isDefinition } from './definition.js';
import { DefinitionResultError } from './definition-result-error.js';

const context = { identity: null, signal: new AbortController().signal };
const PNG = 'iVBORw0KGgo=';
const hello = (): string => 'hello';

describe('definePrompt', () => {
  it('makes a frozen, branded prompt with checked arguments', () => {
    const prompt = definePrompt({
      name: 'review',
      description: 'Review code',
      arguments: [
        { name: 'code', required: true, description: 'The code' },
        { name: 'language', enum: ['python', 'typescript'], complete: ['python'] },
      ],
      get: hello,
    });
    expect(isDefinition(prompt, 'prompt')).toBe(true);
    expect(Object.isFrozen(prompt.arguments[0])).toBe(true);
    expect(prompt.arguments).toEqual([
      { name: 'code', description: 'The code', required: true },
      { name: 'language', required: false, enum: ['python', 'typescript'], complete: ['python'] },
    ]);
  });

  it('turns a string into one user text message', async () => {
    const prompt = definePrompt({ name: 'p', get: () => 'Say hi' });
    expect(await prompt.get({}, context)).toEqual([
      { role: 'user', content: { type: 'text', text: 'Say hi' } },
    ]);
  });

  it('takes strings, MCP content items and content results as message content', async () => {
    const prompt = definePrompt({
      name: 'p',
      get: ({ uri = '' }) => [
        {
          role: 'user',
          content: { type: 'resource', resource: { uri, mimeType: 'text/plain', text: 'x' } },
        },
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        // What the result helpers return: several items, several messages of that role.
        {
          role: 'assistant',
          content: {
            'apcore/content': [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        },
        { role: 'user', content: 'Please look.' },
      ],
    });
    expect(await prompt.get({ uri: 'test://r' }, context)).toEqual([
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'test://r', mimeType: 'text/plain', text: 'x' },
        },
      },
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'assistant', content: { type: 'text', text: 'a' } },
      { role: 'assistant', content: { type: 'text', text: 'b' } },
      { role: 'user', content: { type: 'text', text: 'Please look.' } },
    ]);
  });

  it.each([
    [[], 'expected a string or a non-empty array of { role, content } messages'],
    [
      [{ role: 'system', content: 'x' }],
      "message 1: role must be 'user' or 'assistant', got system",
    ],
    [[{ role: 'user', content: 3 }], 'message 1: content must be a string or an MCP content item'],
    [
      [{ role: 'user', content: { type: 'image', data: 'not base64!', mimeType: 'image/png' } }],
      'message 1: content item 1 (image): data is not valid base64',
    ],
  ])('refuses unsendable messages (%j) naming the prompt and message', async (value, reason) => {
    const prompt = definePrompt({ name: 'bad', get: () => value as never });
    const failure = prompt.get({}, context);
    await expect(failure).rejects.toThrow(`Prompt bad returned an invalid result: ${reason}`);
    await expect(failure).rejects.toSatisfy((error) => DefinitionResultError.isInstance(error));
  });

  it.each([
    [{ get: hello }, 'definePrompt: name must be a non-empty string, got undefined'],
    [{ name: 'p' }, 'definePrompt: get must be a function, got undefined'],
    [{ name: 'p', get: hello, arguments: {} }, 'arguments must be an array of { name, ... }'],
    [{ name: 'p', get: hello, arguments: [{}] }, 'arguments[0].name must be a non-empty string'],
    [
      { name: 'p', get: hello, arguments: [{ name: 'a' }, { name: 'a' }] },
      'arguments[1].name: a second argument named a',
    ],
    [
      { name: 'p', get: hello, arguments: [{ name: 'a', required: 'yes' }] },
      'arguments[0].required must be a boolean',
    ],
    [
      { name: 'p', get: hello, arguments: [{ name: 'a', enum: [] }] },
      'arguments[0].enum must be a non-empty array of strings',
    ],
    [
      { name: 'p', get: hello, arguments: [{ name: 'a', complete: 'x' }] },
      'arguments[0].complete must be an array of strings or a function',
    ],
  ])('refuses bad input with an error naming the field (%#)', (input, message) => {
    expect(() => definePrompt(input as never)).toThrow(message);
  });
});
