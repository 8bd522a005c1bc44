import { describe, expect, it } from 'vitest';
import { compileSchema } from './schema-validator.js';

describe('compileSchema', () => {
  it('accepts anything for an empty or missing schema', () => {
    expect(compileSchema({})(42)).toEqual([]);
    expect(compileSchema(undefined)({ a: 1 })).toEqual([]);
  });

  it('decodes JSON pointer escapes in field names', () => {
    const check = compileSchema({
      type: 'object',
      properties: { 'a/b': { type: 'string' }, 'c~d': { type: 'string' } },
    });
    expect(check({ 'a/b': 1, 'c~d': 2 })).toEqual([
      { field: 'a/b', code: 'type', message: 'must be string' },
      { field: 'c~d', code: 'type', message: 'must be string' },
    ]);
  });

  it('names the missing property of dependentRequired (draft 2020-12)', () => {
    const check = compileSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      dependentRequired: { card: ['expiry'] },
    });
    expect(check({ card: '4111' })).toEqual([
      { field: 'expiry', code: 'dependentRequired', message: 'is required' },
    ]);
  });

  it('reports a root value of the wrong type as (root)', () => {
    expect(compileSchema({ type: 'object' })('text')).toEqual([
      { field: '(root)', code: 'type', message: 'must be object' },
    ]);
  });

  it('keeps the first error of a field when a field fails several keywords', () => {
    const check = compileSchema({
      type: 'object',
      properties: { code: { type: 'string', minLength: 5, pattern: '^[A-Z]+$' } },
    });
    expect(check({ code: 'ab' })).toEqual([
      { field: 'code', code: 'minLength', message: 'must NOT have fewer than 5 characters' },
    ]);
  });

  it('compiles schemas sharing an $id side by side, each with its own rules', () => {
    const first = compileSchema({
      $id: 'https://example.com/shared.json',
      type: 'object',
      required: ['a'],
    });
    const second = compileSchema({
      $id: 'https://example.com/shared.json',
      type: 'object',
      required: ['b'],
    });
    expect(first({ b: 1 })).toEqual([{ field: 'a', code: 'required', message: 'is required' }]);
    expect(second({ a: 1 })).toEqual([{ field: 'b', code: 'required', message: 'is required' }]);
  });

  it('checks well-known formats', () => {
    const check = compileSchema({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
      },
    });
    expect(
      check({ when: '2024-01-01T00:00:00Z', id: '8c1e7a5e-9f7b-4f7a-9d3e-3b1a2c4d5e6f' }),
    ).toEqual([]);
    expect(check({ when: 'yesterday', id: 'x' }).map((error) => error.field)).toEqual([
      'when',
      'id',
    ]);
  });

  it('throws when ajv cannot compile the schema', () => {
    expect(() =>
      compileSchema({ type: 'object', properties: { a: { $ref: '#/missing' } } }),
    ).toThrow();
  });
});
