import { defineServerFeature } from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import type { Logger } from '../../kernel/logger.js';
import type { ToolSource } from '../../kernel/served-tool.js';
import type { ResourceSource } from '../../protocol/resource-source.js';
import { ServedSkills } from './served-skills.js';
import { registerSkillHandlers, SKILLS_EXTENSION_ID } from './skill-handlers.js';
import { withSkillLinks } from './skill-links.js';
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
  open: ({ skills: option, skillSummaries }, { logger }, { tools, changes }) => {
    if (option === undefined) return undefined;
    const skills = new ServedSkills({ ...option, logger });
    return {
      surface: {
        capabilities: () => ({
          // The directory is read again on `definitionsChanged()`: its skills are resources.
          resources: { listChanged: true },
          ...(skills.isEmpty
            ? {}
            : { extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } } }),
        }),
        resources: skillResources(skills),
        addHandlers: (target, { visibleTools, requests }) => {
          if (skills.isEmpty) return undefined;
          registerSkillHandlers(target, { skills, visibleTools, requests });
          return { listTools: (listed) => withSkillLinks(listed, skills, skillSummaries) };
        },
      },
      ready: async () => {
        await skills.reload();
        warnAboutUnservedSkillTools(skills, tools, logger);
      },
      // A change is told as one of the resources.
      definitionsChanged: () => {
        void skills.reload().then((changed) => {
          if (changed) changes.listChanged('resources');
        });
      },
    };
  },
});

/** Each file of a skill as a resource, while there are skills, as the caller may see them. */
function skillResources(skills: ServedSkills): ResourceSource {
  return {
    list: (visibleTools) => (skills.isEmpty ? [] : skills.resources(visibleTools)),
    read: (uri, { visibleTools }) => (skills.isEmpty ? undefined : skills.read(uri, visibleTools)),
    serves: (uri, visibleTools) => !skills.isEmpty && skills.serves(uri, visibleTools),
  };
}

/** A skill naming a module that is not served is shown to no one: say so once, at start. */
function warnAboutUnservedSkillTools(
  skills: ServedSkills,
  tools: ToolSource,
  logger: Logger,
): void {
  const unserved = skills.unservedTools(tools);
  if (unserved.length === 0) return;
  logger.warn(
    { moduleIds: unserved },
    `Skills name modules that are not served (${unserved.join(', ')}): those skills are shown to no caller`,
  );
}
