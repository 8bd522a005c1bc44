import { describe, expect, it } from 'vitest';
import { readSkillSummary } from './skill-summary.js';

describe('readSkillSummary', () => {
  it('takes the first paragraph after the front matter and headings, as one line', () => {
    const markdown =
      '---\nname: orders\ndescription: x\n---\n# Orders\n\n<!-- note -->\nLook the order up\nbefore a refund.\n\nSecond paragraph.\n';
    expect(readSkillSummary(markdown)).toBe('Look the order up before a refund.');
  });

  it('skips code fences and list markers, and has none for a body without text', () => {
    expect(readSkillSummary('```sh\nrm -rf /\n```\n- Call orders-list first.\n')).toBe(
      'Call orders-list first.',
    );
    expect(readSkillSummary('---\nname: a\n---\n# Only a title\n')).toBeUndefined();
  });
});
