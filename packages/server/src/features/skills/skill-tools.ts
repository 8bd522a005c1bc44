/**
 * The module ids a skill's `tools` front matter names: none when absent, else a list of
 * non-empty strings; anything else is the reason the skill is refused.
 *
 * @example
 * ```ts
 * readSkillTools({ name: 'orders', description: '...', tools: ['shop.orders.list'] }); // ['shop.orders.list']
 * readSkillTools({ name: 'orders', description: '...', tools: 'x' }); // 'frontmatter tools must be ...'
 * ```
 */
export function readSkillTools(frontmatter: Record<string, unknown>): readonly string[] | string {
  const tools = frontmatter.tools;
  if (tools === undefined) return [];
  const valid =
    Array.isArray(tools) && tools.every((tool) => typeof tool === 'string' && tool.trim() !== '');
  return valid
    ? (tools as string[])
    : 'frontmatter tools must be a list of module ids (skill skipped)';
}

/**
 * The 1-based line of `key:` at the top level of a `SKILL.md`'s front matter, if there.
 *
 * @example
 * ```ts
 * findKeyLine('---\nname: orders\ntools: x\n---\n', 'tools'); // 3
 * ```
 */
export function findKeyLine(text: string, key: string): number | undefined {
  const lines = text.split('\n');
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trimEnd() === '---') return undefined;
    if (line.startsWith(`${key}:`)) return index + 1;
  }
  return undefined;
}
