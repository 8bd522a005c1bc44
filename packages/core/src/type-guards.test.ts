import { describe, expect, it } from 'vitest';
import { isExecutorLike, isRegistryLike } from './type-guards.js';

describe('registry and executor type guards', () => {
  const registry = { list: () => [], getDefinition: () => null, on: () => {} };
  const foreignRegistry = { list: () => [], getDefinition: () => null };

  it('tell registries by shape: list() and getDefinition()', () => {
    expect(isRegistryLike(registry)).toBe(true);
    expect(isRegistryLike(foreignRegistry)).toBe(true);
    expect(isRegistryLike({ list: () => [] })).toBe(false);
    expect(isRegistryLike(null)).toBe(false);
    expect(isRegistryLike('registry')).toBe(false);
  });

  it('tell executors by shape: call() and a registry', () => {
    expect(isExecutorLike({ call: async () => ({}), registry })).toBe(true);
    expect(isExecutorLike({ call: async () => ({}), registry: foreignRegistry })).toBe(true);
    expect(isExecutorLike({ call: async () => ({}) })).toBe(false);
    expect(isExecutorLike(registry)).toBe(false);
  });
});
