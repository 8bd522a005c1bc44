import { describe, expect, it } from 'vitest';
import { scanParamHeaders } from './param-headers.js';

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', properties };
}

describe('scanParamHeaders', () => {
  it('finds headers on properties reached through properties alone, at any depth', () => {
    const scan = scanParamHeaders(
      object({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        query: { type: 'string' },
        target: object({ shard: { type: 'integer', 'x-mcp-header': 'Shard' } }),
      }),
    );
    expect(scan).toEqual({
      headers: [
        { path: ['region'], name: 'Region', type: 'string' },
        { path: ['target', 'shard'], name: 'Shard', type: 'integer' },
      ],
      problem: undefined,
    });
  });

  it('finds nothing in a schema without the keyword', () => {
    expect(scanParamHeaders(object({ a: { type: 'string' } }))).toEqual({
      headers: [],
      problem: undefined,
    });
    expect(scanParamHeaders(undefined)).toEqual({ headers: [], problem: undefined });
  });

  it.each([
    ['an empty name', object({ a: { type: 'string', 'x-mcp-header': '' } }), /RFC 9110 token/],
    [
      'a name with a space',
      object({ a: { type: 'string', 'x-mcp-header': 'My Region' } }),
      /token/,
    ],
    ['a name that is no string', object({ a: { type: 'string', 'x-mcp-header': 7 } }), /token/],
    [
      'a header under items',
      object({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }),
      /a\.<items>: .*properties alone/,
    ],
    [
      'a header under anyOf',
      object({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } }),
      /properties alone/,
    ],
    ['a header on the root', { type: 'object', 'x-mcp-header': 'Root' }, /properties alone/],
    ['an object property', object({ a: { type: 'object', 'x-mcp-header': 'A' } }), /not object/],
    ['a number property', object({ a: { type: 'number', 'x-mcp-header': 'A' } }), /not number/],
    [
      'a name declared twice, ignoring case',
      object({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'string', 'x-mcp-header': 'region' },
      }),
      /b: x-mcp-header "region" is also declared by a/,
    ],
  ])('reports %s', (_case, schema, problem) => {
    expect(scanParamHeaders(schema).problem).toMatch(problem);
  });

  it('still checks the header of a number property, as the SDK does', () => {
    const scan = scanParamHeaders(object({ ratio: { type: 'number', 'x-mcp-header': 'Ratio' } }));
    expect(scan.headers).toEqual([{ path: ['ratio'], name: 'Ratio', type: 'number' }]);
  });
});
