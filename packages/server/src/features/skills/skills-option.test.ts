import { describe, expect, it } from 'vitest';
import { invalidOption } from '../../__fixtures__/invalid-option.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { checkServeOptions } from '../../options/resolve-options.js';
import { resolveSkillsOption } from './skills-option.js';

describe('resolveSkillsOption', () => {
  it('takes a directory, or one with its page size', () => {
    expect(resolveSkillsOption('./skills')).toEqual({ dir: './skills', pageSize: 50 });
    expect(resolveSkillsOption({ dir: './skills', pageSize: 5 })).toEqual({
      dir: './skills',
      pageSize: 5,
    });
  });

  it('refuses anything else, naming the option', () => {
    for (const value of ['', 7, null, { dir: './skills', pageSize: 0 }, { pageSize: 5 }]) {
      let caught: unknown;
      try {
        resolveSkillsOption(value);
      } catch (error) {
        caught = error;
      }
      expect(InvalidOptionError.isInstance(caught)).toBe(true);
      expect((caught as InvalidOptionError).option).toBe('skills');
    }
  });

  it('refuses skillSummaries without a skills directory', () => {
    expect(() => checkServeOptions({ skillSummaries: true })).toThrow(
      invalidOption('skillSummaries', 'skillSummaries needs skills (a skills directory)'),
    );
    expect(() => checkServeOptions({ skillSummaries: true, skills: './skills' })).not.toThrow();
    expect(() => checkServeOptions({ skillSummaries: false })).not.toThrow();
  });
});
