import { ApcoreMcpError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from './invalid-option-error.js';

describe('InvalidOptionError', () => {
  it('names the option, the value and what was expected', () => {
    const error = new InvalidOptionError({
      option: 'maxSessions',
      value: 0,
      expected: 'an integer of at least 1',
    });
    expect(error).toMatchObject({
      name: 'InvalidOptionError',
      code: 'INVALID_OPTION',
      option: 'maxSessions',
      value: 0,
      expected: 'an integer of at least 1',
      details: { option: 'maxSessions', value: 0, expected: 'an integer of at least 1' },
      message: 'maxSessions must be an integer of at least 1, got number 0',
    });
    expect(ApcoreMcpError.isInstance(error)).toBe(true);
  });

  it('words its sentence with other names for the options', () => {
    const error = new InvalidOptionError({
      option: 'usage',
      value: true,
      expected: 'transport streamable-http or sse',
      sentence: [
        { option: 'usage' },
        ': GET /usage is served by ',
        { option: 'transport' },
        ' streamable-http or sse, not stdio',
      ],
    });
    expect(error.message).toBe(
      'usage: GET /usage is served by transport streamable-http or sse, not stdio',
    );
    const flags: Record<string, string> = { usage: '--usage', transport: '--transport' };
    expect(error.formatMessage((option) => flags[option] ?? option)).toBe(
      '--usage: GET /usage is served by --transport streamable-http or sse, not stdio',
    );
  });

  it('is recognised by its marker, not by its class', () => {
    const error = new InvalidOptionError({ option: 'port', value: -1, expected: 'a port' });
    const copy = Object.defineProperty(
      new Error('port'),
      Symbol.for('apcore-mcp.error.InvalidOptionError'),
      {
        value: true,
      },
    );
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect(InvalidOptionError.isInstance(copy)).toBe(true);
    expect(InvalidOptionError.isInstance(new RangeError('port'))).toBe(false);
    expect(InvalidOptionError.isInstance(null)).toBe(false);
  });
});
