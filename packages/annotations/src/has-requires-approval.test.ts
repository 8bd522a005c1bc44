import { describe, expect, test } from 'vitest';
import { hasRequiresApproval } from './has-requires-approval.js';

describe('hasRequiresApproval (FR-ANNOT-006)', () => {
  test.each([
    ['null', null, false],
    ['undefined', undefined, false],
    ['requiresApproval: true', { requiresApproval: true }, true],
    ['requiresApproval: false', { requiresApproval: false }, false],
    ['a missing flag', { destructive: true }, false],
    ['snake_case requires_approval: true', { requires_approval: true }, true],
    ['a non-boolean "true"', { requiresApproval: 'true' }, false],
  ])('%s -> %s', (_name, annotations, expected) => {
    expect(hasRequiresApproval(annotations)).toBe(expected);
  });
});
