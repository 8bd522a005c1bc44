import { describe, expect, it } from 'vitest';
import { serializeOutput, toJsonValue } from './serialize-output.js';

describe('serializeOutput', () => {
  it('writes plain JSON unchanged', () => {
    const value = { a: 1, b: 'two', c: [true, null], d: { e: 1.5 } };
    expect(serializeOutput(value)).toBe(JSON.stringify(value));
    expect(serializeOutput({})).toBe('{}');
  });

  it('handles Date, BigInt, Map, Set and undefined', () => {
    const text = serializeOutput({
      at: new Date(0),
      big: 12345678901234567890n,
      map: new Map<unknown, unknown>([
        ['k', 1],
        [2, new Set(['x'])],
      ]),
      set: new Set([1, 2]),
      missing: undefined,
      list: [undefined, () => 1],
    });
    expect(JSON.parse(text)).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      big: '12345678901234567890',
      map: { k: 1, '2': ['x'] },
      set: [1, 2],
      list: [null, null],
    });
    expect(serializeOutput(undefined)).toBe('null');
  });

  it('replaces cycles but keeps repeated, non-cyclic references', () => {
    const shared = { v: 1 };
    const node: Record<string, unknown> = { name: 'root', left: shared, right: shared };
    node.self = node;
    expect(JSON.parse(serializeOutput(node))).toEqual({
      name: 'root',
      left: { v: 1 },
      right: { v: 1 },
      self: '[Circular]',
    });
  });

  it('encodes binary data as base64 and errors without their stack', () => {
    const error = new TypeError('bad thing');
    const parsed = JSON.parse(
      serializeOutput({ buffer: Buffer.from('hi'), bytes: new Uint8Array([1, 2]), error }),
    );
    expect(parsed).toEqual({
      buffer: 'aGk=',
      bytes: 'AQI=',
      error: { name: 'TypeError', message: 'bad thing' },
    });
    expect(serializeOutput({ error })).not.toContain('at ');
  });

  it('never throws on hostile values', () => {
    const hostile = {
      get boom(): never {
        throw new Error('getter');
      },
      toJSON(): never {
        throw new Error('toJSON');
      },
    };
    expect(serializeOutput(hostile)).toBe('"[Unserializable]"');
    const withGetter = {
      ok: 1,
      get boom(): never {
        throw new Error('getter');
      },
    };
    expect(JSON.parse(serializeOutput(withGetter))).toEqual({ ok: 1, boom: '[Unserializable]' });
    expect(serializeOutput({ n: Number.NaN, i: Number.POSITIVE_INFINITY })).toBe(
      '{"n":null,"i":null}',
    );
  });

  it('cuts off absurdly deep nesting instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let index = 0; index < 10_000; index++) {
      const next = {};
      deep.next = next;
      deep = next;
    }
    expect(serializeOutput(root)).toContain('[MaxDepth]');
  });

  it('copies flat plain objects as the general walk does', () => {
    const values: unknown[] = [
      { ok: true, id: 'a', n: 1.5, none: null },
      Object.assign(Object.create(null) as object, { a: 1 }),
      { n: Number.NaN, gone: undefined, text: 'x' },
      {},
    ];
    for (const value of values) {
      const copy = toJsonValue(value);
      expect(copy).not.toBe(value);
      expect(copy).toEqual(JSON.parse(JSON.stringify(value)));
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    }
    class Point {
      x = 1;
    }
    expect(toJsonValue(new Point())).toEqual({ x: 1 });
    expect(toJsonValue({ toJSON: () => 'custom' })).toBe('custom');
  });

  it('keeps a key named __proto__ as a plain key, flat or nested', () => {
    const flat = toJsonValue(JSON.parse('{"__proto__": "x", "a": 1}'));
    expect(Object.hasOwn(flat as object, '__proto__')).toBe(true);
    expect(JSON.stringify(flat)).toBe('{"__proto__":"x","a":1}');
    const nested = toJsonValue(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(JSON.stringify(nested)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('toJsonValue returns a plain copy usable as structured content', () => {
    expect(toJsonValue({ at: new Date(0), n: 1n })).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      n: '1',
    });
  });
});
