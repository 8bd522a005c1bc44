import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The files of the test's skills directory, by path: good skills, nested files, bad ones. */
export const SKILL_FILES: Record<string, string> = {
  'orders/SKILL.md':
    '---\nname: orders\ndescription: Look up orders\ntools:\n  - orders.list\n---\n# Orders\nCall orders-list.\n',
  'orders/references/GUIDE.md': '# Guide\nRead the order status first.\n',
  'orders/references/deep/FIELDS.md': '# Fields\nid, status, total\n',
  'orders/scripts/check.py': 'print("ok")\n',
  'refunds/SKILL.md':
    '---\nname: refunds\ndescription: Refund an order (staff)\ntools: [orders.list, orders.refund]\n---\n# Refunds\n',
  'catalog-help/SKILL.md':
    '---\nname: catalog-help\ndescription: Browse the catalog\n---\n# Catalog\n',
  // A name that is not its folder's: skipped, pointing at the `name:` line.
  'misnamed/SKILL.md': '---\ndescription: Misnamed\nname: other\n---\n',
  // Front matter that does not parse: skipped with the SDK's line.
  'broken/SKILL.md': '---\nname: broken\ndescription: "never closed\n---\n',
  // A `tools` that is no list of module ids.
  'bad-tools/SKILL.md': '---\nname: bad-tools\ndescription: Bad tools\ntools: 7\n---\n',
};

/** A temp directory holding {@link SKILL_FILES}; `remove()` deletes it. */
export async function createSkillsDir(files: Record<string, string> = SKILL_FILES): Promise<{
  dir: string;
  write(path: string, text: string): Promise<void>;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-skills-'));
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  };
  for (const [path, text] of Object.entries(files)) await write(path, text);
  return { dir, write, remove: () => rm(dir, { recursive: true, force: true }) };
}
