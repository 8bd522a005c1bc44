import { describe, expect, it } from 'vitest';
import { EventCursors } from './event-cursor.js';

const key = new Uint8Array(32).fill(7);
const point = { name: 'stock.low', epoch: 'e1', position: '12', inclusive: false };

describe('event cursors', () => {
  const cursors = new EventCursors(key);

  it('reads back what it minted, inclusive or not', () => {
    expect(cursors.read(cursors.mint(point), 'stock.low', 'e1')).toEqual(point);
    const inclusive = { ...point, inclusive: true };
    expect(cursors.read(cursors.mint(inclusive), 'stock.low', 'e1')).toEqual(inclusive);
  });

  it('refuses a cursor of another type or another epoch', () => {
    const cursor = cursors.mint(point);
    expect(cursors.read(cursor, 'order.placed', 'e1')).toBeUndefined();
    expect(cursors.read(cursor, 'stock.low', 'e2')).toBeUndefined();
  });

  it('refuses a forged payload, a changed tag, another key and garbage', () => {
    const cursor = cursors.mint(point);
    const [, payload = '', tag = ''] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ t: 'stock.low', e: 'e1', p: '0' })).toString(
      'base64url',
    );
    expect(cursors.read(`c1.${forged}.${tag}`, 'stock.low', 'e1')).toBeUndefined();
    expect(cursors.read(`c1.${payload}.${tag.slice(0, -2)}AA`, 'stock.low', 'e1')).toBeUndefined();
    const other = new EventCursors(new Uint8Array(32).fill(8));
    expect(other.read(cursor, 'stock.low', 'e1')).toBeUndefined();
    for (const junk of ['', 'c1.', 'c1.a.b.c', 'x1.abc.def', `c1.${payload}`]) {
      expect(cursors.read(junk, 'stock.low', 'e1')).toBeUndefined();
    }
  });
});
