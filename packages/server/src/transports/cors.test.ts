import { describe, expect, it } from 'vitest';
import { type CorsOptions, resolveCors } from './cors.js';

describe('resolveCors', () => {
  it('is undefined when absent; fills maxAgeSeconds', () => {
    expect(resolveCors(undefined)).toBeUndefined();
    expect(resolveCors({ origins: ['https://app.example.com'] })).toEqual({
      origins: ['https://app.example.com'],
      maxAgeSeconds: 600,
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['no origins', {}, /cors must be \{ origins/],
    ['a wildcard', { origins: ['*'] }, /'\*' is not an origin/],
    ['a URL with a path', { origins: ['https://app.example.com/x'] }, /is not an origin/],
    [
      'a negative max age',
      { origins: [], maxAgeSeconds: -1 },
      /cors\.maxAgeSeconds must be at least 0/,
    ],
  ])('refuses %s', (_case, value, message) => {
    expect(() => resolveCors(value as CorsOptions)).toThrow(message);
  });
});
