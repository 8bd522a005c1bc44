import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import type { LimitStore } from '../store/limit-store.js';
import { closeStore, deriveStateKey, openSharedState } from './shared-state.js';

describe('closeStore', () => {
  it('closes the store the options gave, and never rejects', async () => {
    const logger = createRecordingLogger();
    const store: LimitStore = {
      consume: async () => ({ admitted: true }),
      close: () => Promise.reject(new Error('already closed')),
    };
    const shared = openSharedState({ stateKey: undefined, store }, logger);
    await expect(closeStore(shared, logger)).resolves.toBeUndefined();
    expect(logger.messages('warn')).toEqual(['Could not close the limit store']);
  });
});

describe('deriveKey', () => {
  const stateKey = new Uint8Array(32).fill(7);

  it('derives the same 32 bytes from one state key, on every instance that shares it', () => {
    const one = openSharedState({ stateKey, store: undefined }, createRecordingLogger());
    const other = openSharedState({ stateKey, store: undefined }, createRecordingLogger());
    const key = one.deriveKey('events-cursor');
    expect(key).toHaveLength(32);
    expect(Buffer.from(other.deriveKey('events-cursor')).equals(Buffer.from(key))).toBe(true);
  });

  it('derives a different key for each purpose, and none equal to the state key', () => {
    const cursor = Buffer.from(deriveStateKey(stateKey, 'events-cursor'));
    expect(cursor.equals(Buffer.from(deriveStateKey(stateKey, 'webhooks')))).toBe(false);
    expect(cursor.equals(Buffer.from(stateKey))).toBe(false);
    const otherKey = new Uint8Array(32).fill(8);
    expect(cursor.equals(Buffer.from(deriveStateKey(otherKey, 'events-cursor')))).toBe(false);
  });

  it('differs between processes given no state key, and refuses an empty purpose', () => {
    const a = openSharedState({ stateKey: undefined, store: undefined }, createRecordingLogger());
    const b = openSharedState({ stateKey: undefined, store: undefined }, createRecordingLogger());
    expect(Buffer.from(a.deriveKey('x')).equals(Buffer.from(b.deriveKey('x')))).toBe(false);
    expect(() => a.deriveKey('')).toThrow('deriveKey: purpose must be a non-empty string');
  });
});
