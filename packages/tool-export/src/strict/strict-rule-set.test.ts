import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createRules } from '../__fixtures__/rules.js';
import { assertStrictSchema, checkStrictSchema } from './check-strict-schema.js';
import { StrictModeError } from './strict-mode-error.js';
import { toStrictSchema } from './to-strict-schema.js';

const schema = {
  type: 'object',
  title: 'Order',
  properties: {
    item: { type: 'string', minLength: 1, 'x-llm-description': 'What to order' },
    note: { type: 'string', default: '' },
  },
  required: ['item'],
};

describe('strict schemas under a provider rule set', () => {
  it('requires every property and makes the optional ones nullable when the rules say so', () => {
    const rules = createRules();
    const strict = toStrictSchema(schema, { rules });
    expect(strict).toEqual({
      type: 'object',
      properties: {
        item: { type: 'string', minLength: 1, description: 'What to order' },
        note: { type: ['string', 'null'] },
      },
      required: ['item', 'note'],
      additionalProperties: false,
    });
    expect(checkStrictSchema(strict, { rules }).map((violation) => violation.rule)).toEqual([
      'unsupported-keyword',
    ]);
  });

  it('keeps `required` as written, and does not ask for more, when the rules do not', () => {
    const rules = createRules({ requireEveryProperty: false });
    const strict = toStrictSchema(schema, { rules, dropUnsupportedKeywords: true });
    expect(strict).toEqual({
      type: 'object',
      properties: {
        item: { type: 'string', description: 'What to order' },
        note: { type: 'string' },
      },
      required: ['item'],
      additionalProperties: false,
    });
    expect(checkStrictSchema(strict, { rules })).toEqual([]);
  });

  it('names the provider in its warnings and errors, and checks names by its pattern', () => {
    const rules = createRules();
    const warnings: string[] = [];
    const logger = {
      warn: (_fields: unknown, message: string) => warnings.push(message),
      info() {},
      error() {},
      debug() {},
    };
    toStrictSchema(schema, {
      rules,
      dropUnsupportedKeywords: true,
      logger,
      moduleId: 'shop.order',
    });
    expect(warnings).toEqual([expect.stringMatching(/left out of the schema sent to Acme$/)]);
    const attempt = () =>
      assertStrictSchema(toStrictSchema(schema, { rules }), {
        rules,
        name: 'Shop.Order',
        subject: 'grouped tool "shop"',
      });
    expect(attempt).toThrow(StrictModeError);
    expect(attempt).toThrow(
      /^The schema of grouped tool "shop" breaks Acme's strict mode:\n- Grouped tool "shop", root: function name "Shop.Order" does not match/,
    );
  });

  it('applies the rule set’s limits', () => {
    const rules = createRules();
    const deep = {
      type: 'object',
      properties: {
        a: {
          type: 'object',
          properties: {
            b: { type: 'object', properties: { c: { type: 'object', properties: {} } } },
          },
        },
      },
    };
    const violations = checkStrictSchema(toStrictSchema(deep, { rules }), { rules });
    expect(violations.map(({ rule, path }) => [rule, path])).toEqual([
      ['too-deep', '/properties/a/properties/b/properties/c'],
    ]);
  });

  it('leaves additionalProperties as written, checked as a keyword, when the rules do not close objects', () => {
    const rules = createRules({
      requireEveryProperty: false,
      closesObjects: false,
      keywordsByType: { object: new Set(['properties', 'required']) },
    });
    const open = {
      type: 'object',
      properties: { tags: { type: 'object', properties: {}, additionalProperties: true } },
    };
    const logger = createRecordingLogger();
    const strict = toStrictSchema(open, { rules, logger });
    expect(strict).toEqual({
      type: 'object',
      properties: { tags: { type: 'object', properties: {}, additionalProperties: true } },
    });
    expect(logger.warnings()).toEqual([]);
    expect(checkStrictSchema(strict, { rules }).map(({ rule, path }) => [rule, path])).toEqual([
      ['unsupported-keyword', '/properties/tags'],
    ]);
    const dropped = toStrictSchema(open, {
      rules: { ...rules, droppableKeywords: new Set(['additionalProperties']) },
      dropUnsupportedKeywords: true,
    });
    expect(checkStrictSchema(dropped, { rules })).toEqual([]);
  });
});
