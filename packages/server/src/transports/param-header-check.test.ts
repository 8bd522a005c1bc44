import { describe, expect, it } from 'vitest';
import type { ParamHeader } from '../tools/param-headers.js';
import { checkParamHeaders } from './param-header-check.js';

const REGION: ParamHeader = { path: ['region'], name: 'Region', type: 'string' };
const SHARD: ParamHeader = { path: ['target', 'shard'], name: 'Shard', type: 'integer' };
const DRY: ParamHeader = { path: ['dry'], name: 'Dry', type: 'boolean' };

function check(args: unknown, sent: Record<string, string>, headers = [REGION, SHARD, DRY]) {
  return checkParamHeaders(headers, args, (name) => sent[name]);
}

describe('checkParamHeaders', () => {
  it('accepts headers that carry the arguments, plain or Base64 of UTF-8', () => {
    expect(check({ region: 'us-west1' }, { 'Mcp-Param-Region': 'us-west1' })).toBeUndefined();
    expect(
      check({ region: 'Hello, 世界' }, { 'Mcp-Param-Region': '=?base64?SGVsbG8sIOS4lueVjA==?=' }),
    ).toBeUndefined();
    expect(
      check(
        { target: { shard: 42 }, dry: false },
        { 'Mcp-Param-Shard': '42.0', 'Mcp-Param-Dry': 'false' },
      ),
    ).toBeUndefined();
  });

  it('takes a value without the whole sentinel as it is', () => {
    const literal = '=?base64?SGVsbG8=';
    expect(check({ region: literal }, { 'Mcp-Param-Region': literal })).toBeUndefined();
    expect(check({ region: 'SGVsbG8=' }, { 'Mcp-Param-Region': 'SGVsbG8=' })).toBeUndefined();
  });

  it('expects no header for a parameter that is absent, null, or no primitive', () => {
    expect(check({}, {})).toBeUndefined();
    expect(check({ region: null, target: { shard: 2 ** 60 } }, {})).toBeUndefined();
    expect(check({ target: 'not an object' }, {})).toBeUndefined();
  });

  it.each([
    [
      'a missing header',
      { region: 'eu' },
      {},
      /Mcp-Param-Region header is missing, but the body has region$/,
    ],
    [
      'a different value',
      { region: 'eu' },
      { 'Mcp-Param-Region': 'us' },
      /does not match the body's region$/,
    ],
    [
      'Base64 without its padding',
      { region: 'Hello' },
      { 'Mcp-Param-Region': '=?base64?SGVsbG8?=' },
      /malformed/,
    ],
    [
      'characters outside Base64',
      { region: 'Hello' },
      { 'Mcp-Param-Region': '=?base64?SGVs!!!bG8=?=' },
      /malformed/,
    ],
    [
      'Base64 of bytes that are no UTF-8',
      { region: 'x' },
      { 'Mcp-Param-Region': '=?base64?/w==?=' },
      /malformed/,
    ],
    ['a raw non-ASCII value', { region: 'é' }, { 'Mcp-Param-Region': 'Ã©' }, /malformed/],
    [
      'a nested value that differs',
      { target: { shard: 4 } },
      { 'Mcp-Param-Shard': '5' },
      /body's target\.shard$/,
    ],
    ['a boolean spelled otherwise', { dry: true }, { 'Mcp-Param-Dry': 'True' }, /body's dry$/],
  ])('refuses %s', (_case, args, sent, message) => {
    const mismatch = check(args, sent as Record<string, string>);
    expect(mismatch?.message).toMatch(/^Header mismatch: Mcp-Param-/);
    expect(mismatch?.message).toMatch(message);
  });

  it('never puts a value in its message', () => {
    const mismatch = check({ region: 'secret-eu' }, { 'Mcp-Param-Region': 'secret-us' });
    expect(mismatch).toEqual({
      header: 'Mcp-Param-Region',
      message: "Header mismatch: Mcp-Param-Region header value does not match the body's region",
    });
  });
});
