/**
 * The first paragraph of a `SKILL.md`'s body, as one line: after the front matter, the first
 * run of text lines, headings, fences, lists' markers and HTML comments left out (what a model
 * reading a tool's description can use of it). `undefined` when the body has no such text.
 *
 * @example
 * ```ts
 * readSkillSummary('---\nname: orders\n---\n# Orders\n\nRefunds go\nthrough finance.\n');
 * // 'Refunds go through finance.'
 * ```
 */
export function readSkillSummary(markdown: string): string | undefined {
  const lines = withoutFrontMatter(markdown).split(/\r?\n/);
  const paragraph: string[] = [];
  let fenced = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      if (paragraph.length > 0) break;
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const skipped = line === '' || line.startsWith('#') || /^<!--.*-->$/.test(line);
    if (skipped) {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(line.replace(/^([-*+]|\d+\.)\s+/, ''));
  }
  const summary = paragraph.join(' ').replace(/\s+/g, ' ').trim();
  return summary === '' ? undefined : summary;
}

function withoutFrontMatter(markdown: string): string {
  const match = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---[^\S\r\n]*(?:\r?\n|$)/.exec(markdown);
  return match === null ? markdown : markdown.slice(match[0].length);
}
