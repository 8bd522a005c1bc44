import { createRecordingLogger, deepFreeze } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { checkStrictSchema } from './check-strict-schema.js';
import { toStrictSchema } from './to-strict-schema.js';

describe('FR-OPENAI-003 toStrictSchema: allOf, prototypes, empty objects, constraints', () => {
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
