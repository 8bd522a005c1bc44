import { describe, expect, it } from 'vitest';
import { invalidOption } from '../../__fixtures__/invalid-option.js';
import { checkServeOptions } from '../../options/resolve-options.js';
import { DEFAULT_INSPECTOR_PREFIX, resolveInspector } from './inspector-option.js';

describe('resolveInspector', () => {
  it('is off unless asked, read only when turned on with true', () => {
    expect(resolveInspector(undefined)).toBeUndefined();
    expect(resolveInspector(false)).toBeUndefined();
    expect(resolveInspector(true)).toEqual({
      prefix: DEFAULT_INSPECTOR_PREFIX,
      allowExecute: false,
    });
  });

  it('takes a prefix of its own and allowExecute', () => {
    expect(resolveInspector({ prefix: '/debug/tools', allowExecute: true })).toEqual({
      prefix: '/debug/tools',
      allowExecute: true,
    });
    expect(resolveInspector({})).toEqual({ prefix: '/inspector', allowExecute: false });
  });

  it.each([
    ['inspector', 'on'],
    ['inspector', 3],
    ['inspector', ['/x']],
    ['inspector.prefix', { prefix: 'inspector' }],
    ['inspector.prefix', { prefix: '/inspector/' }],
    ['inspector.prefix', { prefix: '/' }],
    ['inspector.prefix', { prefix: '/a/../b' }],
    ['inspector.prefix', { prefix: '/with space' }],
    ['inspector.prefix', { prefix: '/health' }],
    ['inspector.prefix', { prefix: '/metrics/inspector' }],
    ['inspector.allowExecute', { allowExecute: 'yes' }],
  ])('refuses a bad %s (%j), naming it', (option, value) => {
    expect(() => resolveInspector(value)).toThrow(invalidOption(option));
  });

  it('is refused on stdio, with a sentence saying where it is served', () => {
    expect(() => checkServeOptions({ transport: 'stdio', inspector: true })).toThrow(
      /inspector.*streamable-http or sse, not stdio/,
    );
  });

  it('may not hide the MCP endpoint', () => {
    const options = { path: '/tools/mcp', inspector: { prefix: '/tools' } };
    expect(() => checkServeOptions({ transport: 'streamable-http', ...options })).toThrow(
      /inspector.prefix.*would hide the MCP endpoint/,
    );
  });
});
