import { describe, expect, it } from 'vitest';
import { findKeyLine, readSkillTools } from './skill-tools.js';

describe('readSkillTools', () => {
  it('reads a list of module ids, none when absent', () => {
    expect(readSkillTools({ tools: ['orders.list', 'orders.refund'] })).toEqual([
      'orders.list',
      'orders.refund',
    ]);
    expect(readSkillTools({})).toEqual([]);
  });

  it('refuses anything but a list of non-empty strings, with the reason', () => {
    for (const tools of ['orders.list', 7, [''], [1], { a: 'b' }]) {
      expect(readSkillTools({ tools })).toMatch(/^frontmatter tools must be a list of module ids/);
    }
  });
});

describe('findKeyLine', () => {
  it('finds a top-level key of the front matter, not one below it', () => {
    const text = '---\nname: orders\ntools:\n  - a\n---\ntools: in the body\n';
    expect(findKeyLine(text, 'tools')).toBe(3);
    expect(findKeyLine(text, 'description')).toBeUndefined();
  });
});
