import { describe, expect, it } from 'vitest';
import { ASKED_USER_KEY, hasAskedUser, markAskedUser } from './asked-user.js';

describe('markAskedUser / hasAskedUser', () => {
  it('marks the data of a call that asked its user, and reads the mark back', () => {
    const context = { data: {} as Record<string, unknown> };
    expect(hasAskedUser(context)).toBe(false);
    markAskedUser(context.data);
    expect(context.data[ASKED_USER_KEY]).toBe(true);
    expect(hasAskedUser(context)).toBe(true);
  });

  it('reads no mark from a missing context or data', () => {
    expect(hasAskedUser(undefined)).toBe(false);
    expect(hasAskedUser({ data: null })).toBe(false);
  });
});
