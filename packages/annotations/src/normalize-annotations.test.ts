import { DEFAULT_ANNOTATIONS } from '@apcore-mcp/core/bridge';
import { describe, expect, test } from 'vitest';
import { ANNOTATION_DEFAULTS, normalizeAnnotations } from './normalize-annotations.js';

describe('normalizeAnnotations', () => {
  test('the defaults: all false except openWorld', () => {
    expect(ANNOTATION_DEFAULTS).toStrictEqual({
      readonly: false,
      destructive: false,
      idempotent: false,
      requiresApproval: false,
      openWorld: true,
      streaming: false,
    });
    expect(Object.isFrozen(ANNOTATION_DEFAULTS)).toBe(true);
    // Kept here as a value so this package loads nothing of core at run time; it must agree.
    expect(ANNOTATION_DEFAULTS).toStrictEqual({ ...DEFAULT_ANNOTATIONS });
    expect(normalizeAnnotations(null)).toStrictEqual(ANNOTATION_DEFAULTS);
    expect(normalizeAnnotations(undefined)).toStrictEqual(ANNOTATION_DEFAULTS);
  });

  test('fills missing fields, keeps given ones, drops everything else', () => {
    expect(
      normalizeAnnotations({ readonly: true, streaming: true, cacheable: true }),
    ).toStrictEqual({
      ...ANNOTATION_DEFAULTS,
      readonly: true,
      streaming: true,
    });
  });

  test('reads the snake_case spellings of apcore for Python-shaped annotations', () => {
    expect(normalizeAnnotations({ requires_approval: true, open_world: false })).toStrictEqual({
      ...ANNOTATION_DEFAULTS,
      requiresApproval: true,
      openWorld: false,
    });
  });

  test('non-boolean values are not guessed at', () => {
    expect(
      normalizeAnnotations({ destructive: 'true', readonly: 1, openWorld: null }),
    ).toStrictEqual(ANNOTATION_DEFAULTS);
  });

  test('returns a new object that does not alias the defaults', () => {
    const normalized = normalizeAnnotations(null);
    expect(normalized).not.toBe(ANNOTATION_DEFAULTS);
    expect(Object.isFrozen(normalized)).toBe(false);
  });
});
