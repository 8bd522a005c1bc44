import { describe, expect, it } from 'vitest';
import { formatValidationErrors } from './format-validation-errors.js';

describe('formatValidationErrors', () => {
  it('turns JSON pointers into dotted fields, unescaping ~1 and ~0', () => {
    expect(
      formatValidationErrors([
        { path: '/items/0/name', message: 'must be string', constraint: 'type' },
        { path: '/a~1b/c~0d', message: 'bad', constraint: 'pattern' },
      ]),
    ).toBe(
      'Input validation failed:\n- items.0.name: must be string (type)\n- a/b.c~d: bad (pattern)',
    );
  });

  it('names root-level failures (root)', () => {
    expect(
      formatValidationErrors([
        { path: '', message: "must have required property 'width'", constraint: 'required' },
      ]),
    ).toBe("Input validation failed:\n- (root): must have required property 'width' (required)");
    expect(formatValidationErrors([{ message: 'must be object' }])).toBe(
      'Input validation failed:\n- (root): must be object',
    );
  });

  it('prefers field over path and code over constraint', () => {
    expect(
      formatValidationErrors([
        { field: 'f', path: '/p', code: 'c', constraint: 'k', message: 'm' },
      ]),
    ).toBe('Input validation failed:\n- f: m (c)');
  });

  it('answers with the header for anything but an array', () => {
    for (const value of [undefined, null, {}, 'errors', 3]) {
      expect(formatValidationErrors(value)).toBe('Input validation failed');
    }
  });
});
