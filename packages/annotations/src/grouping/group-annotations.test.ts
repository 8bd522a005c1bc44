import { describe, expect, it } from 'vitest';
import { resolveGroupAnnotations } from './group-annotations.js';

describe('resolveGroupAnnotations', () => {
  it('keeps annotations stated per group, frozen, and none for undefined', () => {
    const stated = { orders: { destructive: true, openWorld: false }, 'shop.cart': {} };
    const resolved = resolveGroupAnnotations(stated);
    expect(resolved).toEqual(stated);
    expect(resolved).not.toBe(stated);
    expect(Object.isFrozen(resolved.orders)).toBe(true);
    expect(resolveGroupAnnotations(undefined)).toEqual({});
  });

  it.each([
    [
      'orders',
      TypeError,
      'groupAnnotations must be an object of annotations by group, got "orders"',
    ],
    [
      { orders: [] },
      TypeError,
      'groupAnnotations.orders must be an object of annotations, got a list',
    ],
    [
      { orders: { destructiv: true } },
      RangeError,
      'groupAnnotations.orders.destructiv is not an annotation; one of readonly, destructive, idempotent, requiresApproval, openWorld, streaming',
    ],
    [
      { orders: { readonly: 'yes' } },
      TypeError,
      'groupAnnotations.orders.readonly must be true or false, got "yes"',
    ],
  ])('refuses %j, naming where', (value, kind, message) => {
    expect(() => resolveGroupAnnotations(value)).toThrow(kind);
    expect(() => resolveGroupAnnotations(value)).toThrow(message);
  });
});
