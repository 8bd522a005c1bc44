import { describe, expect, it } from 'vitest';
import { setOwnEntry } from './own-entry.js';

describe('setOwnEntry', () => {
  it('sets a plain own key, even __proto__, never the prototype', () => {
    const target: Record<string, unknown> = {};
    setOwnEntry(target, '__proto__', { polluted: true });
    setOwnEntry(target, 'toString', 1);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(['__proto__', 'toString']);
    expect(JSON.stringify(target)).toBe('{"__proto__":{"polluted":true},"toString":1}');
    setOwnEntry(target, '__proto__', 'x');
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')?.value).toBe('x');
  });

  it('overwrites what is there', () => {
    const target: Record<string, unknown> = { a: 1 };
    setOwnEntry(target, 'a', 2);
    expect(target).toEqual({ a: 2 });
  });
});
