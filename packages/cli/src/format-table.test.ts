import { describe, expect, it } from 'vitest';
import { formatTable } from './format-table.js';

describe('formatTable', () => {
  it('pads every column but the last to its widest cell', () => {
    expect(
      formatTable(
        ['ID', 'TITLE', 'ARGS'],
        [
          ['math.add', 'Add', 'a, b'],
          ['x', '-', '-'],
        ],
      ),
    ).toBe('ID        TITLE  ARGS\nmath.add  Add    a, b\nx         -      -\n');
  });

  it('prints the header alone for no rows, without trailing blanks', () => {
    expect(formatTable(['URI', 'TITLE'], [])).toBe('URI  TITLE\n');
    expect(formatTable(['A', 'B'], [['long value', '']])).toBe('A           B\nlong value\n');
  });
});
