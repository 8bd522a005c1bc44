import { image, text } from '@apcore-mcp/core';
import { CONTENT_RESULT_KEY } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { createExecutor, rejectionOf } from './__fixtures__/executor-fixtures.js';
import { mergeChunks } from './merge-chunks.js';

const PNG = 'iVBORw0KGgo=';

describe('a module answering with content', () => {
  it('resolves to one content result: a string, a helper, an array of both', async () => {
    const executor = createExecutor({
      plain: { description: 'p', inputSchema: {}, execute: () => 'exactly this' },
      single: { description: 's', inputSchema: {}, execute: () => image(PNG, 'image/png') },
      mixed: {
        description: 'm',
        inputSchema: {},
        execute: () => ['Chart:', image(PNG, 'image/png')],
      },
    });
    expect(await executor.call('plain', {})).toEqual(text('exactly this'));
    expect(await executor.call('single', {})).toEqual(image(PNG, 'image/png'));
    expect(await executor.call('mixed', {})).toEqual({
      [CONTENT_RESULT_KEY]: [
        { type: 'text', text: 'Chart:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
      ],
    });
  });

  it('passes output validation when the module declares no output schema', async () => {
    const executor = createExecutor({
      plain: { description: 'p', inputSchema: {}, outputSchema: {}, execute: () => text('ok') },
    });
    expect(await executor.call('plain', {})).toEqual(text('ok'));
  });

  it('is refused by a declared output schema: such a module answers JSON', async () => {
    const executor = createExecutor({
      typed: {
        description: 't',
        inputSchema: {},
        outputSchema: {
          type: 'object',
          properties: { total: { type: 'number' } },
          required: ['total'],
        },
        execute: () => text('12'),
      },
    });
    expect(await rejectionOf(executor.call('typed', {}))).toMatchObject({
      code: 'SCHEMA_VALIDATION_ERROR',
    });
  });

  it('concatenates streamed content chunks, for stream() and for call() alike', async () => {
    const executor = createExecutor({
      parts: {
        description: 'p',
        inputSchema: {},
        async *stream() {
          yield text('one');
          yield 'two';
          yield [image(PNG, 'image/png'), 'three'];
        },
      },
    });
    const expected = {
      [CONTENT_RESULT_KEY]: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'text', text: 'three' },
      ],
    };
    expect(await executor.call('parts', {})).toEqual(expected);
    let merged: Record<string, unknown> = {};
    for await (const chunk of executor.stream('parts', {})) merged = mergeChunks(merged, chunk);
    expect(merged).toEqual(expected);
  });
});
