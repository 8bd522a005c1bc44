import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { createRandomStateKey, resolveStateKey } from './state-key.js';

describe('resolveStateKey', () => {
  it('reads hex, base64 and bytes of at least 32 bytes, as a copy', () => {
    const bytes = new Uint8Array(32).fill(7);
    expect(resolveStateKey(Buffer.from(bytes).toString('hex'))).toEqual(bytes);
    expect(resolveStateKey(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
    expect(resolveStateKey(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
    const resolved = resolveStateKey(bytes);
    bytes[0] = 0;
    expect(resolved?.[0]).toBe(7);
    expect(resolveStateKey(undefined)).toBeUndefined();
  });

  it('refuses short keys, other types and text that is neither hex nor base64', () => {
    expect(() => resolveStateKey('ab'.repeat(31))).toThrow(invalidOption('stateKey'));
    expect(() => resolveStateKey('ab'.repeat(31))).toThrow(/at least 32 bytes .*got 31 bytes/);
    expect(() => resolveStateKey(new Uint8Array(16))).toThrow(invalidOption('stateKey'));
    expect(() => resolveStateKey(42)).toThrow(invalidOption('stateKey'));
    expect(() => resolveStateKey(null)).toThrow(/got null/);
    expect(() => resolveStateKey('not a key at all!')).toThrow(invalidOption('stateKey'));
    const secret = 'ab'.repeat(31);
    expect(() => resolveStateKey(secret)).toThrow(
      expect.objectContaining({
        value: '***REDACTED***',
        message: expect.not.stringContaining(secret),
      }),
    );
  });

  it('makes random 32-byte keys', () => {
    expect(createRandomStateKey()).toHaveLength(32);
    expect(createRandomStateKey()).not.toEqual(createRandomStateKey());
  });
});
