import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { checkStrictSchema } from './check-strict-schema.js';
import { toStrictSchema } from './to-strict-schema.js';

describe('FR-OPENAI-003 toStrictSchema', () => {
  it('closes objects, requires every property and makes the optional ones nullable', () => {
    const schema = {
      type: 'object',
      properties: {
        width: { type: 'integer', description: 'Pixels' },
        height: { type: 'integer' },
        mode: { type: 'string', enum: ['fit', 'fill'] },
      },
      required: ['width'],
    };
    expect(toStrictSchema(schema)).toEqual({
      type: 'object',
      properties: {
        width: { type: 'integer', description: 'Pixels' },
        height: { type: ['integer', 'null'] },
        mode: { type: ['string', 'null'], enum: ['fit', 'fill', null] },
      },
      required: ['height', 'mode', 'width'],
      additionalProperties: false,
    });
  });

  it('leaves a schema without optional properties and with additionalProperties: false alone', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    };
    const logger = createRecordingLogger();
    expect(toStrictSchema(schema, { logger })).toEqual(schema);
    expect(logger.warnings()).toEqual([]);
  });

  it('removes default, x-* and annotations, but never properties with those names', () => {
    const schema = {
      type: 'object',
      title: 'Settings',
      'x-internal': true,
      properties: {
        default: { type: 'string', default: 'a', 'x-ui': 'select', examples: ['a'] },
        'x-trace': { type: 'boolean', $comment: 'kept out' },
        title: { type: 'string', title: 'Title' },
      },
      required: ['default', 'x-trace', 'title'],
    };
    expect(toStrictSchema(schema)).toEqual({
      type: 'object',
      properties: {
        default: { type: 'string' },
        'x-trace': { type: 'boolean' },
        title: { type: 'string' },
      },
      required: ['default', 'title', 'x-trace'],
      additionalProperties: false,
    });
  });

  it('recurses into nested objects, array items and anyOf branches', () => {
    const schema = {
      type: 'object',
      properties: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, zip: { type: 'string', default: '00000' } },
          required: ['street'],
        },
        tags: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' } } },
        },
        target: {
          anyOf: [{ type: 'object', properties: { url: { type: 'string' } } }, { type: 'string' }],
        },
      },
      required: ['address', 'tags', 'target'],
    };
    const strict = toStrictSchema(schema);
    expect(strict).toEqual({
      type: 'object',
      properties: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, zip: { type: ['string', 'null'] } },
          required: ['street', 'zip'],
          additionalProperties: false,
        },
        tags: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: ['string', 'null'] } },
            required: ['name'],
            additionalProperties: false,
          },
        },
        target: {
          anyOf: [
            {
              type: 'object',
              properties: { url: { type: ['string', 'null'] } },
              required: ['url'],
              additionalProperties: false,
            },
            { type: 'string' },
          ],
        },
      },
      required: ['address', 'tags', 'target'],
      additionalProperties: false,
    });
    expect(checkStrictSchema(strict)).toEqual([]);
  });

  it('makes optional anyOf, const, bare enum and untyped values nullable', () => {
    const schema = {
      type: 'object',
      properties: {
        either: { anyOf: [{ type: 'string' }, { type: 'number' }], description: 'One of two' },
        alreadyNullable: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        fixed: { const: 'v1', description: 'Version' },
        choice: { enum: ['a', 'b'] },
        nullableType: { type: ['string', 'null'] },
      },
    };
    expect(toStrictSchema(schema).properties).toEqual({
      either: {
        anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
        description: 'One of two',
      },
      alreadyNullable: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      fixed: { anyOf: [{ const: 'v1' }, { type: 'null' }], description: 'Version' },
      choice: { enum: ['a', 'b', null] },
      nullableType: { type: ['string', 'null'] },
    });
  });

  it('turns oneOf into anyOf', () => {
    const strict = toStrictSchema({
      type: 'object',
      properties: { shape: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
      required: ['shape'],
    });
    expect(strict.properties).toEqual({
      shape: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    });
  });

  it('warns about deliberately open objects and closes them', () => {
    const logger = createRecordingLogger();
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          extra: {
            type: 'object',
            properties: { a: { type: 'string' } },
            additionalProperties: true,
          },
        },
        required: ['labels', 'extra'],
        additionalProperties: true,
      },
      { logger, moduleId: 'crm.contact' },
    );
    expect(strict.additionalProperties).toBe(false);
    expect(logger.warnings()).toEqual([
      expect.stringMatching(
        /^Schema of module "crm.contact": \/properties\/labels allows additional properties/,
      ),
      expect.stringMatching(/\/properties\/extra allows additional properties/),
      expect.stringMatching(/the root schema allows additional properties/),
    ]);
    expect(logger.entries[0]?.object).toEqual({
      moduleId: 'crm.contact',
      path: '/properties/labels',
    });
  });

  it('warns at the JSON pointer of the node, escaped, inside lists and items', () => {
    const logger = createRecordingLogger();
    toStrictSchema(
      {
        type: 'object',
        properties: {
          'a/b': {
            anyOf: [
              { type: 'string' },
              {
                type: 'array',
                items: { type: 'object', properties: {}, additionalProperties: {} },
              },
            ],
          },
        },
      },
      { logger },
    );
    expect(logger.entries.map((entry) => entry.object)).toEqual([
      { moduleId: undefined, path: '/properties/a~1b/anyOf/1/items' },
    ]);
    expect(logger.warnings()).toEqual([
      expect.stringMatching(/^Schema: \/properties\/a~1b\/anyOf\/1\/items allows additional/),
    ]);
  });
});
