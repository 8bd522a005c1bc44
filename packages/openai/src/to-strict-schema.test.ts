import { describe, expect, it } from 'vitest';
import { deepFreeze } from './__fixtures__/deep-freeze.js';
import { createRecordingLogger } from './__fixtures__/recording-logger.js';
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

  it('merges allOf away when that is safe', () => {
    const logger = createRecordingLogger();
    const strict = toStrictSchema(
      {
        type: 'object',
        allOf: [
          { properties: { id: { type: 'string' } }, required: ['id'] },
          {
            allOf: [{ properties: { name: { type: 'string' }, id: { type: 'string' } } }],
            description: 'Named',
          },
        ],
      },
      { logger },
    );
    expect(strict).toEqual({
      type: 'object',
      description: 'Named',
      properties: { id: { type: 'string' }, name: { type: ['string', 'null'] } },
      required: ['id', 'name'],
      additionalProperties: false,
    });
    expect(logger.warnings()).toEqual([]);
  });

  it('reports an allOf that cannot be merged and leaves it for the checker', () => {
    const logger = createRecordingLogger();
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          size: {
            allOf: [
              { type: 'integer', minimum: 1 },
              { type: 'integer', minimum: 5 },
            ],
          },
        },
        required: ['size'],
      },
      { logger, moduleId: 'm' },
    );
    expect(logger.warnings()).toEqual([
      expect.stringContaining(
        '/properties/size has an allOf that cannot be merged safely (allOf branch 1: "minimum" differs between branches)',
      ),
    ]);
    expect(checkStrictSchema(strict, { moduleId: 'm' })).toContainEqual(
      expect.objectContaining({ path: '/properties/size', rule: 'unsupported-keyword' }),
    );
  });

  it('never mutates its input and shares nothing with it', () => {
    const input = deepFreeze({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['a'] },
        nested: { type: 'object', properties: { when: { type: 'string', format: 'date' } } },
      },
      allOf: [{ properties: { extra: { type: 'integer' } } }],
    });
    const snapshot = structuredClone(input);
    const strict = toStrictSchema(input);
    expect(input).toEqual(snapshot);
    const mode = (strict.properties as Record<string, { enum: unknown[] }>).mode;
    expect(Object.isFrozen(mode?.enum)).toBe(false);
  });

  it('keeps a property named __proto__ as a property', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}}') as Record<string, unknown>;
    const strict = toStrictSchema({ type: 'object', properties });
    const strictProperties = strict.properties as Record<string, unknown>;
    expect(Object.hasOwn(strictProperties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(strictProperties)).toBe(Object.prototype);
    expect(strict.required).toEqual(['__proto__']);
  });

  it('adds type object to an untyped node with properties', () => {
    expect(toStrictSchema({ properties: { a: { type: 'string' } }, required: ['a'] })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    });
  });

  it('warns that an object without properties only accepts {}', () => {
    const logger = createRecordingLogger();
    toStrictSchema(
      { type: 'object', properties: { meta: { type: 'object' } }, required: ['meta'] },
      { logger },
    );
    expect(logger.warnings()).toEqual([
      expect.stringContaining('/properties/meta is an object without properties'),
    ]);
  });

  it('drops unsupported value constraints only when asked, with a warning each', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 50 },
        site: { type: 'string', format: 'uri' },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      },
      required: ['name', 'site', 'tags'],
    };
    const kept = toStrictSchema(schema);
    expect(checkStrictSchema(kept).map((violation) => violation.path)).toEqual([
      '/properties/name',
      '/properties/name',
      '/properties/site',
      '/properties/tags',
    ]);
    const logger = createRecordingLogger();
    const dropped = toStrictSchema(schema, {
      dropUnsupportedKeywords: true,
      logger,
      moduleId: 'm',
    });
    expect(checkStrictSchema(dropped)).toEqual([]);
    expect(dropped.properties).toEqual({
      name: { type: 'string' },
      site: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
    });
    expect(logger.warnings()).toHaveLength(4);
    expect(logger.warnings()[0]).toContain('/properties/name uses "minLength"');
  });
});

describe('the tech design §8.3 Example 1, verbatim', () => {
  it('rewrites the image-resize schema exactly as the design shows for strict mode', () => {
    const input = {
      type: 'object',
      title: 'ImageResizeInput',
      properties: {
        width: { type: 'integer', description: 'Target width in pixels' },
        height: { type: 'integer', description: 'Target height in pixels' },
        format: { type: 'string', default: 'png', enum: ['png', 'jpg', 'webp'] },
      },
      required: ['width', 'height'],
    };
    expect(toStrictSchema(input)).toEqual({
      type: 'object',
      properties: {
        width: { type: 'integer', description: 'Target width in pixels' },
        height: { type: 'integer', description: 'Target height in pixels' },
        format: { type: ['string', 'null'], enum: ['png', 'jpg', 'webp', null] },
      },
      required: ['format', 'height', 'width'],
      additionalProperties: false,
    });
  });
});
