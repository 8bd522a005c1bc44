import { describe, expect, test } from 'vitest';
import { SchemaConversionError } from './schema-conversion-error.js';

describe('SchemaConversionError', () => {
  test('carries code, name, details and cause', () => {
    const cause = new Error('root cause');
    const error = new SchemaConversionError(
      'Reference target not found: #/$defs/X',
      { reason: 'missing-reference', path: '/properties/a/$ref', ref: '#/$defs/X' },
      { cause },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('SCHEMA_CONVERSION_ERROR');
    expect(error.name).toBe('SchemaConversionError');
    expect(error.message).toBe('Reference target not found: #/$defs/X');
    expect(error.details).toStrictEqual({
      reason: 'missing-reference',
      path: '/properties/a/$ref',
      ref: '#/$defs/X',
    });
    expect(error.cause).toBe(cause);
  });

  test('has no cause property when given none', () => {
    expect(
      Object.hasOwn(new SchemaConversionError('x', { reason: 'invalid-schema' }), 'cause'),
    ).toBe(false);
  });

  test('isInstance recognises its own errors and the marker of another copy', () => {
    expect(
      SchemaConversionError.isInstance(new SchemaConversionError('x', { reason: 'too-large' })),
    ).toBe(true);
    const fromAnotherCopy = Object.defineProperty(
      new Error('x'),
      Symbol.for('apcore-mcp.error.SchemaConversionError'),
      {
        value: true,
      },
    );
    expect(SchemaConversionError.isInstance(fromAnotherCopy)).toBe(true);
  });

  test.each([new Error('x'), { code: 'SCHEMA_CONVERSION_ERROR' }, null, undefined, 'error'])(
    'isInstance(%j) is false',
    (value) => {
      expect(SchemaConversionError.isInstance(value)).toBe(false);
    },
  );

  test('the marker does not show up when serialised', () => {
    const error = new SchemaConversionError('x', { reason: 'invalid-schema' });
    const marker = Symbol.for('apcore-mcp.error.SchemaConversionError');
    expect(Object.prototype.propertyIsEnumerable.call(error, marker)).toBe(false);
    expect(JSON.parse(JSON.stringify(error))).toStrictEqual({
      code: 'SCHEMA_CONVERSION_ERROR',
      details: { reason: 'invalid-schema' },
      name: 'SchemaConversionError',
    });
  });
});
