import { MODULE_ID_META_KEY } from '@apcore-mcp/core/bridge';
import type { McpTool } from '../../kernel/mcp-tool.js';
import { type ServedSkills, SKILLS_META_KEY } from './served-skills.js';

/**
 * The tools as listed, each that a skill names carrying the `SKILL.md` URIs of its skills in
 * `_meta['apcore/skills']` (the tool itself is left as built). With `summaries`, its
 * description also ends with the first paragraph of its first skill's `SKILL.md`, for clients
 * that do not read skills.
 *
 * @example
 * ```ts
 * withSkillLinks(front.list(visible), skills); // [{ name: 'shop-orders-list', _meta: { 'apcore/skills': ['skill://orders/SKILL.md'], ... } }]
 * ```
 */
export function withSkillLinks(
  tools: McpTool[],
  skills: ServedSkills,
  summaries = false,
): McpTool[] {
  return tools.map((tool) => {
    const moduleId = tool._meta?.[MODULE_ID_META_KEY];
    if (typeof moduleId !== 'string') return tool;
    const linked = skills.skillsOf(moduleId);
    if (linked.length === 0) return tool;
    const linkedTool = { ...tool, _meta: { ...tool._meta, [SKILLS_META_KEY]: linked } };
    const summary = summaries ? skills.summaryOf(moduleId) : undefined;
    if (summary === undefined) return linkedTool;
    const description = tool.description ? `${tool.description}\n\n${summary}` : summary;
    return { ...linkedTool, description };
  });
}
