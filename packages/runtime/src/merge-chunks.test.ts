import { describe, expect, it } from 'vitest';
import { mergeChunks } from './merge-chunks.js';

describe('mergeChunks', () => {
  it('merges plain objects recursively and lets later scalars win', () => {
    const merged = [
      { report: { rows: 1, meta: { source: 'a' } }, status: 'running' },
      { report: { errors: 0, meta: { pages: 2 } } },
      { status: 'done' },
    ].reduce(mergeChunks, {});
    expect(merged).toEqual({
      report: { rows: 1, errors: 0, meta: { source: 'a', pages: 2 } },
      status: 'done',
    });
  });

  it('replaces arrays, null, and objects meeting non-objects, either way round', () => {
    expect(mergeChunks({ items: [1, 2] }, { items: [3] })).toEqual({ items: [3] });
    expect(mergeChunks({ a: { x: 1 } }, { a: null })).toEqual({ a: null });
    expect(mergeChunks({ a: 1 }, { a: { x: 1 } })).toEqual({ a: { x: 1 } });
    expect(mergeChunks({ a: { x: 1 } }, { a: [1] })).toEqual({ a: [1] });
  });

  it('replaces class instances instead of merging their fields', () => {
    const later = new Date(1000);
    const merged = mergeChunks({ at: new Date(0) }, { at: later });
    expect(merged.at).toBe(later);
  });

  it('changes neither argument', () => {
    const accumulated = { a: { x: 1 } };
    const chunk = { a: { y: 2 } };
    mergeChunks(accumulated, chunk);
    expect(accumulated).toEqual({ a: { x: 1 } });
    expect(chunk).toEqual({ a: { y: 2 } });
  });

  it('keeps a chunk key named __proto__ as a plain key', () => {
    const chunk = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const merged = mergeChunks({}, chunk);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('terminates on cyclic chunks', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const merged = mergeChunks({ node: cyclic }, { node: cyclic });
    expect((merged.node as Record<string, unknown>).name).toBe('loop');
  });
});

describe('mergeChunks of content results', () => {
  it('concatenates the content items instead of replacing them', () => {
    const first = { 'apcore/content': [{ type: 'text', text: 'a' }] };
    const second = { 'apcore/content': [{ type: 'text', text: 'b' }] };
    expect(mergeChunks(first, second)).toEqual({
      'apcore/content': [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
    });
    expect(mergeChunks({ nested: first }, { nested: second })).toEqual({ nested: second });
  });
});
