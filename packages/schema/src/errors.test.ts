import { ApcoreMcpError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { inlineRefs } from './inline-refs.js';
import { SchemaConversionError } from './schema-conversion-error.js';

describe('errors of the schema converter', () => {
  it('throws apcore-mcp errors with a code and details', () => {
    let thrown: unknown;
    try {
      inlineRefs({ $ref: '#/$defs/Missing' });
    } catch (error) {
      thrown = error;
    }
    expect(ApcoreMcpError.isInstance(thrown)).toBe(true);
    expect(SchemaConversionError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      code: 'SCHEMA_CONVERSION_ERROR',
      details: { reason: 'missing-reference' },
    });
    const other = new ApcoreMcpError({ code: 'SCHEMA_CONVERSION_ERROR', message: 'x' });
    expect(SchemaConversionError.isInstance(other)).toBe(false);
  });
});
