import { describe, expect, it } from 'vitest';
import { findSchemaProblems } from './schema-problems.js';

describe('findSchemaProblems', () => {
  it('finds nothing wrong with a valid schema, in either dialect', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { type: 'array', items: { type: 'integer' } },
      },
      required: ['a'],
      'x-sensitive': true,
    };
    expect(findSchemaProblems(schema)).toEqual([]);
    expect(findSchemaProblems({})).toEqual([]);
    expect(
      findSchemaProblems({ $schema: 'http://json-schema.org/draft-07/schema#', items: [{}] }),
    ).toEqual([]);
  });

  it('names the pointer of each bad keyword, what would be valid there and what was found', () => {
    const schema = {
      type: 'object',
      properties: { x: { type: 'nmber', minimum: 'five' } },
      required: 'x',
    };
    expect(findSchemaProblems(schema)).toEqual([
      {
        pointer: '/properties/x/type',
        message:
          'must be equal to one of the allowed values: array, boolean, integer, null, number, object, string, or must be array (got "nmber")',
      },
      { pointer: '/properties/x/minimum', message: 'must be number (got "five")' },
      { pointer: '/required', message: 'must be array (got "x")' },
    ]);
  });

  it('checks a schema without $schema as draft 2020-12, one problem per pointer', () => {
    // A draft-07 tuple is no schema for 2020-12 (`prefixItems` took its place).
    expect(findSchemaProblems({ items: [{ type: 'string' }, { type: 'number' }] })).toEqual([
      {
        pointer: '/items',
        message: 'must be object or boolean (got [{"type":"string"},{"type":"number"}])',
      },
    ]);
  });

  it('checks inside $defs and decodes escaped pointer segments', () => {
    expect(findSchemaProblems({ $defs: { 'a/b': { enum: 'red' } } })).toEqual([
      { pointer: '/$defs/a~1b/enum', message: 'must be array (got "red")' },
    ]);
  });

  it('cuts a long value found short', () => {
    const [problem] = findSchemaProblems({ description: { text: 'x'.repeat(100) } });
    expect(problem?.message).toMatch(/^must be string \(got \{"text":"x+…\)$/);
    expect(problem?.message.length).toBeLessThan(70);
  });

  it('leaves a schema of another declared dialect unchecked', () => {
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', exclusiveMinimum: true };
    expect(findSchemaProblems(draft4)).toEqual([]);
  });
});
