import { MODULE_ID_META_KEY } from '@apcore-mcp/core/bridge';
import type { McpTool } from '../../kernel/mcp-tool.js';
import { type ServedSkills, SKILLS_META_KEY } from './served-skills.js';

/**
 * The tools as listed, each that a skill names carrying the `SKILL.md` URIs of its skills in
 * `_meta['apcore/skills']` (the tool itself is left as built).
 *
 * @example
 * ```ts
 * withSkillLinks(front.list(visible), skills); // [{ name: 'shop-orders-list', _meta: { 'apcore/skills': ['skill://orders/SKILL.md'], ... } }]
 * ```
 */
export function withSkillLinks(tools: McpTool[], skills: ServedSkills): McpTool[] {
  return tools.map((tool) => {
    const moduleId = tool._meta?.[MODULE_ID_META_KEY];
    const linked = typeof moduleId === 'string' ? skills.skillsOf(moduleId) : [];
    return linked.length === 0
      ? tool
      : { ...tool, _meta: { ...tool._meta, [SKILLS_META_KEY]: linked } };
  });
}
