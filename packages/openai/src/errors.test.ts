import { ApcoreMcpError } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { assertStrictSchema } from './check-strict-schema.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { StrictModeError } from './strict-mode-error.js';
import { toOpenaiTools } from './to-openai-tools.js';

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('errors of the OpenAI converter', () => {
  it('throws apcore-mcp errors with a code: InvalidArgumentError and StrictModeError', () => {
    const invalid = thrownBy(() => toOpenaiTools(new Registry(), { prefix: '' }));
    expect(ApcoreMcpError.isInstance(invalid)).toBe(true);
    expect(InvalidArgumentError.isInstance(invalid)).toBe(true);
    expect(invalid).toMatchObject({ code: 'INVALID_ARGUMENT', details: { argument: 'prefix' } });
    // No longer a TypeError: recognise it by isInstance() or its code.
    expect(invalid).not.toBeInstanceOf(TypeError);

    const strict = thrownBy(() => assertStrictSchema({ type: 'object', properties: {} }));
    expect(ApcoreMcpError.isInstance(strict)).toBe(true);
    expect(StrictModeError.isInstance(strict)).toBe(true);
    expect(strict).toMatchObject({ code: 'STRICT_MODE_VIOLATION' });
    expect(InvalidArgumentError.isInstance(strict)).toBe(false);
    expect(StrictModeError.isInstance(invalid)).toBe(false);
  });
});
