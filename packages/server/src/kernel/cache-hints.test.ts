import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { resolveCacheHints } from './cache-hints.js';

describe('resolveCacheHints', () => {
  it('keeps valid hints, as a copy', () => {
    const option = { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' as const } };
    const resolved = resolveCacheHints(option);
    option['tools/list'].ttlMs = 1;
    expect(resolved).toEqual({ 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } });
    expect(resolveCacheHints(undefined)).toBeUndefined();
  });

  it('refuses unknown requests, bad ttlMs and bad scopes, naming the entry', () => {
    expect(() => resolveCacheHints([])).toThrow(invalidOption('cacheHints'));
    expect(() => resolveCacheHints({ 'tools/call': { ttlMs: 1 } })).toThrow(
      /unknown request 'tools\/call'/,
    );
    expect(() => resolveCacheHints({ 'tools/list': { ttlMs: -1 } })).toThrow(
      /cacheHints\['tools\/list'\]\.ttlMs/,
    );
    expect(() => resolveCacheHints({ 'resources/read': { ttlMs: 1, cacheScope: 'all' } })).toThrow(
      /cacheScope must be 'public' or 'private'/,
    );
  });
});
