import { REDACTED_VALUE, redactSensitive } from '@apcore-mcp/core/bridge';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { allowRedactedValues } from './allow-redacted-values.js';

const redacted = { type: 'string', const: REDACTED_VALUE };

describe('allowRedactedValues', () => {
  it('lets every x-sensitive part and _secret_ property also be the placeholder', () => {
    const schema = {
      type: 'object',
      properties: {
        pin: { type: 'integer', 'x-sensitive': true },
        _secret_seed: { type: 'number' },
        cards: {
          type: 'array',
          items: { type: 'object', properties: { cvv: { type: 'integer', 'x-sensitive': true } } },
        },
        name: { type: 'string' },
      },
      required: ['pin', 'name'],
    };
    expect(allowRedactedValues(schema)).toEqual({
      type: 'object',
      properties: {
        pin: { anyOf: [{ type: 'integer', 'x-sensitive': true }, redacted] },
        _secret_seed: { anyOf: [{ type: 'number' }, redacted] },
        cards: {
          type: 'array',
          items: {
            type: 'object',
            properties: { cvv: { anyOf: [{ type: 'integer', 'x-sensitive': true }, redacted] } },
          },
        },
        name: { type: 'string' },
      },
      required: ['pin', 'name'],
    });
  });

  it('keeps a schema without secrets equal, the root an object, and the input unchanged', () => {
    const plain = { type: 'object', properties: { a: { type: 'string' } } };
    expect(allowRedactedValues(plain)).toEqual(plain);
    const sensitiveRoot = { type: 'object', 'x-sensitive': true, properties: {} };
    expect(allowRedactedValues(sensitiveRoot)).toEqual(sensitiveRoot);
    const original = {
      type: 'object',
      properties: { pin: { type: 'integer', 'x-sensitive': true } },
    };
    const copy = structuredClone(original);
    allowRedactedValues(original);
    expect(original).toEqual(copy);
  });

  it('accepts what redactSensitive leaves of a valid output, which the original refuses', () => {
    const schema = {
      type: 'object',
      properties: {
        pin: { type: 'integer', minimum: 0, 'x-sensitive': true },
        nested: {
          type: 'object',
          properties: { token: { type: 'string', pattern: '^tk_', 'x-sensitive': true } },
          additionalProperties: false,
        },
        _secret_count: { type: 'integer' },
      },
      required: ['pin'],
    };
    const output = { pin: 1234, nested: { token: 'tk_abc' }, _secret_count: 3 };
    const shown = redactSensitive(output, schema);
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(schema, shown)).toBe(false);
    expect(ajv.validate(allowRedactedValues(schema), shown)).toBe(true);
    // Redacting against the widened schema gives the same result.
    expect(redactSensitive(output, allowRedactedValues(schema))).toEqual(shown);
  });
});
