import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import type { OpenedFeature } from '../../feature-api/server-feature.js';
import type { Logger } from '../../kernel/logger.js';
import type { ToolSource } from '../../kernel/served-tool.js';
import type { ResourceSource } from '../../protocol/resource-source.js';
import { ServedSkills } from './served-skills.js';
import { registerSkillHandlers, SKILLS_EXTENSION_ID } from './skill-handlers.js';
import { withSkillLinks } from './skill-links.js';

/**
 * The skills of one directory for one server: their resources, the extension's declaration and
 * methods, the links in the tool list.
 *
 * @example
 * ```ts
 * const opened = openSkills({ directory: './skills' }, false, logger, runtime);
 * ```
 */
export function openSkills(
  option: { dir: string; pageSize: number },
  skillSummaries: boolean,
  logger: Logger,
  { tools, changes }: FeatureRuntime,
): OpenedFeature {
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
}

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
