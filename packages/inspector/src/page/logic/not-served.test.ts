import { describe, expect, it } from 'vitest';
import { describeNotServedKind, readNotServed } from './not-served.js';

describe('readNotServed', () => {
  it('keeps the well-formed entries, with only their known fields', () => {
    const reason = 'its input schema is not valid JSON Schema: /required: must be array (got "x")';
    expect(
      readNotServed([
        { kind: 'module', name: 'orders.place', reason, file: '/secret/path.ts' },
        { kind: 'prompt', name: 'greet', reason: 'r' },
        { kind: 'tool', name: 'x', reason: 'r' },
        { kind: 'module', name: 5, reason: 'r' },
        null,
        'text',
      ]),
    ).toEqual([
      { kind: 'module', name: 'orders.place', reason },
      { kind: 'prompt', name: 'greet', reason: 'r' },
    ]);
  });

  it('reads anything but an array as no entries', () => {
    expect(readNotServed(undefined)).toEqual([]);
    expect(readNotServed({ kind: 'module', name: 'a', reason: 'r' })).toEqual([]);
  });
});

describe('describeNotServedKind', () => {
  it('names each kind in words', () => {
    expect(describeNotServedKind('module')).toBe('module');
    expect(describeNotServedKind('resourceTemplate')).toBe('resource template');
    expect(describeNotServedKind('eventType')).toBe('event type');
  });
});
