import { describe, expect, it } from 'vitest';
import { resolveBeside } from './skill-paths.js';

describe('resolveBeside', () => {
  it('reads a link of SKILL.md from the skill root', () => {
    expect(resolveBeside(undefined, 'references/REFUNDS.md')).toBe('references/REFUNDS.md');
    expect(resolveBeside(undefined, './FORMS.md')).toBe('FORMS.md');
  });

  it('reads a link of a deeper file from that file, and never above the root', () => {
    expect(resolveBeside('references/REFUNDS.md', 'FAQ.md')).toBe('references/FAQ.md');
    expect(resolveBeside('references/REFUNDS.md', '../SKILL.md')).toBe('SKILL.md');
    expect(resolveBeside('references/REFUNDS.md', '../../../etc/passwd')).toBe('etc/passwd');
  });

  it('drops the fragment and decodes the name', () => {
    expect(resolveBeside(undefined, 'references/My%20Notes.md#top')).toBe('references/My Notes.md');
  });
});
