import { describe, expect, it } from 'vitest';
import { toExtraDescription } from './to-extra-description.js';

describe('toExtraDescription', () => {
  it('lists the mcp_ keys of annotations.extra without their prefix, and nothing else', () => {
    const section = toExtraDescription({
      readonly: false,
      extra: { mcp_category: 'image', mcp_cost: 'high', internal_flag: 'ignored', mcp_: 'bare' },
    });
    expect(section).toBe('\n\ncategory: image\ncost: high');
    expect(section).not.toContain('internal_flag');
    expect(section).not.toContain('mcp_');
  });

  it('writes non-string values as JSON and skips empty ones', () => {
    expect(toExtraDescription({ extra: { mcp_pages: 3, mcp_tags: ['a'], mcp_none: null } })).toBe(
      '\n\npages: 3\ntags: ["a"]',
    );
  });

  it('is empty without extra keys for the model', () => {
    expect(toExtraDescription(null)).toBe('');
    expect(toExtraDescription({ readonly: true })).toBe('');
    expect(toExtraDescription({ extra: { internal: 1 } })).toBe('');
  });
});
