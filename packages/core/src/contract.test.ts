import { describe, expect, it } from 'vitest';
import { DEFAULT_ANNOTATIONS, ErrorCodes } from './contract.js';

describe('contract constants', () => {
  it('defaults every annotation to false except openWorld', () => {
    expect(DEFAULT_ANNOTATIONS).toEqual({
      readonly: false,
      destructive: false,
      idempotent: false,
      requiresApproval: false,
      openWorld: true,
      streaming: false,
    });
    expect(Object.isFrozen(DEFAULT_ANNOTATIONS)).toBe(true);
  });

  it('names every error code by itself', () => {
    for (const [key, value] of Object.entries(ErrorCodes)) expect(value).toBe(key);
  });
});
