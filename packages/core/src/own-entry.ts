/**
 * Sets an own, enumerable, writable property, even for the key `__proto__`: JSON.parse makes
 * such a key an own property, where an assignment would change the prototype instead. Every
 * other key is assigned, which is many times faster than `Object.defineProperty`.
 *
 * @example
 * ```ts
 * const copy: Record<string, unknown> = {};
 * setOwnEntry(copy, '__proto__', { polluted: true });
 * Object.getPrototypeOf(copy) === Object.prototype; // true
 * ```
 */
export function setOwnEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}
