/**
 * Where a link in a skill's file leads, as a path from the skill's root: `href` read in the file
 * at `from` (the skill's own `SKILL.md` when undefined). What `SkillsClient.read(skill, path)`
 * takes.
 *
 * @example
 * ```ts
 * resolveBeside(undefined, 'references/REFUNDS.md'); // 'references/REFUNDS.md'
 * resolveBeside('references/REFUNDS.md', '../SKILL.md'); // 'SKILL.md'
 * ```
 */
export function resolveBeside(from: string | undefined, href: string): string {
  const base = new URL(from ?? 'SKILL.md', 'skill://root/');
  return decodeURIComponent(new URL(href, base).pathname.replace(/^\//, ''));
}
