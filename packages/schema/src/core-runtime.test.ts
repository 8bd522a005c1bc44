import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { describe, expect, test } from 'vitest';
import { SchemaConverter } from './schema-converter.js';

const inputSchema = {
  type: 'object',
  title: 'ResizeInput',
  properties: {
    size: { $ref: '#/$defs/Size', description: 'Target size' },
    format: { type: 'string', enum: ['png', 'jpg'], default: 'png' },
  },
  required: ['size'],
  $defs: {
    Size: {
      type: 'object',
      properties: {
        width: { type: 'integer', minimum: 1 },
        height: { type: 'integer', minimum: 1 },
      },
      required: ['width', 'height'],
    },
  },
};

describe('with the apcore runtime of @apcore-mcp/core', () => {
  test('a registered module converts, and calling it afterwards changes neither side', async () => {
    const registry = new Registry();
    registry.register(
      'image.resize',
      defineModule({
        description: 'Resize an image',
        inputSchema,
        outputSchema: { properties: { ok: { type: 'boolean' } } },
        execute: () => ({ ok: true }),
      }),
    );
    const descriptor = registry.getDefinition('image.resize')!;
    const converter = new SchemaConverter();
    const converted = converter.convertInputSchema(descriptor);
    const convertedOutput = converter.convertOutputSchema(descriptor);
    const snapshot = structuredClone(converted);

    expect(converted).toStrictEqual({
      type: 'object',
      title: 'ResizeInput',
      properties: {
        size: { ...inputSchema.$defs.Size, description: 'Target size' },
        format: { type: 'string', enum: ['png', 'jpg'], default: 'png' },
      },
      required: ['size'],
    });
    expect(convertedOutput).toStrictEqual({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
    });

    const executor = new Executor(registry);
    await expect(
      executor.call('image.resize', { size: { width: 2, height: 3 } }),
    ).resolves.toStrictEqual({
      ok: true,
    });
    expect(converted).toStrictEqual(snapshot);
    expect(registry.getDefinition('image.resize')!.inputSchema).toStrictEqual(inputSchema);
  });
});
