import { defineServerFeature } from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { SKILLS_OPTIONS } from './skills-option.js';

/**
 * The skills of a skills directory (the `skills` option): served through the skills extension
 * (`skills/list`, `skills/get`, `resources/directory/read`) while there are any, each file of a
 * skill a `skill://` resource, each tool linked to the skills that name it, all as the caller
 * may see the tools. The directory is read at start and again on `definitionsChanged()`.
 *
 * @example
 * ```ts
 * const features = [SKILLS_FEATURE];
 * ```
 */
export const SKILLS_FEATURE = defineServerFeature({
  name: 'skills',
  options: SKILLS_OPTIONS,
  checkOptions: ({ skills, skillSummaries }) => {
    // Summaries come from the skills: without a directory the option would do nothing.
    if (!skillSummaries || skills !== undefined) return;
    throw new InvalidOptionError({
      option: 'skillSummaries',
      value: skillSummaries,
      expected: 'a skills directory',
      sentence: [
        { option: 'skillSummaries' },
        ' needs ',
        { option: 'skills' },
        ' (a skills directory)',
      ],
    });
  },
  // Loaded only when on: a server without a skills directory never loads their code.
  open: async ({ skills, skillSummaries }, { logger }, runtime) =>
    skills === undefined
      ? undefined
      : (await import('./open-skills.js')).openSkills(skills, skillSummaries, logger, runtime),
});
