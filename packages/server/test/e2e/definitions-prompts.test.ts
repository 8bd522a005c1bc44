import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BASE64 } from '../fixtures/fixture-definitions.mjs';
import {
  connectToDefinitions,
  DEFINITIONS_TARGETS,
  type DefinitionsConnection,
} from '../helpers/definitions-target.js';
import { rejection } from '../helpers/rejection.js';

describe.each(DEFINITIONS_TARGETS)('defined prompts, %s client over %s', (era, transport) => {
  let connection: DefinitionsConnection;
  beforeAll(async () => {
    connection = await connectToDefinitions([era, transport]);
  });
  afterAll(() => connection.close());

  it('lists the prompts with their arguments', async () => {
    const prompts = await connection.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      'test_simple_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_image',
      'ask_for_context',
      'needs_sampling',
      'broken_image',
    ]);
    expect(prompts[1]).toEqual({
      name: 'test_prompt_with_arguments',
      title: 'Prompt With Arguments',
      description: 'A prompt with required arguments',
      arguments: [
        { name: 'arg1', description: 'First test argument', required: true },
        { name: 'arg2', description: 'Second test argument', required: true },
        { name: 'style', required: false },
      ],
    });
  });

  it('gets a simple prompt, a prompt with arguments, and one with an image and a resource', async () => {
    const { client } = connection;
    expect((await client.getPrompt('test_simple_prompt')).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
    ]);
    const withArgs = await client.getPrompt('test_prompt_with_arguments', { arg1: 'a', arg2: 'b' });
    expect(withArgs.description).toBe('A prompt with required arguments');
    expect(withArgs.messages).toEqual([
      {
        role: 'user',
        content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" },
      },
    ]);
    expect((await client.getPrompt('test_prompt_with_image')).messages).toEqual([
      { role: 'user', content: { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } },
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'test://r', mimeType: 'text/plain', text: 'R' },
        },
      },
      { role: 'assistant', content: { type: 'text', text: 'Please analyze the image above.' } },
    ]);
  });

  it('refuses bad arguments with -32602 naming them, and keeps serving', async () => {
    const { client } = connection;
    const cases: Array<[string, Record<string, unknown> | undefined, string]> = [
      [
        'test_prompt_with_arguments',
        { arg1: 'a' },
        'Missing required argument arg2 of prompt test_prompt_with_arguments',
      ],
      [
        'test_prompt_with_arguments',
        { arg1: 'a', arg2: 'b', extra: 'c' },
        'Unknown argument extra',
      ],
      [
        'test_prompt_with_arguments',
        { arg1: 'a', arg2: 'b', style: 'loud' },
        'Argument style of prompt test_prompt_with_arguments must be one of plain, fancy, got loud',
      ],
      ['no_such_prompt', undefined, 'Unknown prompt: no_such_prompt'],
    ];
    for (const [name, args, message] of cases) {
      const error = await rejection(client.getPrompt(name, args));
      expect(error.code, message).toBe(-32602);
      expect(error.message).toContain(message);
    }
    const wrongType = await rejection(
      client.getPrompt('test_prompt_with_arguments', { arg1: 5, arg2: 'b' }),
    );
    expect(wrongType.code).toBe(-32602);
    expect(wrongType.message).toContain(
      'Argument arg1 of prompt test_prompt_with_arguments must be a string, got number 5',
    );
    expect((await client.getPrompt('test_simple_prompt')).messages).toHaveLength(1);
  });

  it('answers an image that is not base64 with -32603 saying so', async () => {
    const error = await rejection(connection.client.getPrompt('broken_image'));
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('message 1: content item 1 (image): data is not valid base64');
  });
});
