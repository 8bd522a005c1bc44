import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@apcore-mcp/core/bridge';
import {
  type Skill,
  SkillCatalog,
  type SkillWarning,
} from '@modelcontextprotocol/server/ext/skills';
import { nodeSkillFiles } from '@modelcontextprotocol/server/ext/skills/node';
import { readSkillSummary } from './skill-summary.js';
import { findKeyLine, readSkillTools } from './skill-tools.js';

/**
 * One skill as served: its entry (what `skills/list` and `skills/get` carry, digests and sizes
 * computed by the SDK's catalog), the module ids its `tools` front matter names, and where its
 * files are.
 *
 * @example
 * ```ts
 * const skill: LoadedSkill = { entry, tools: ['shop.orders.list'], rootUri: 'skill://orders', folder: 'orders', summary: 'Refunds go through finance.' };
 * ```
 */
export interface LoadedSkill {
  readonly entry: Skill;
  /** The module ids of its `tools` front matter (empty when it names none). */
  readonly tools: readonly string[];
  /** The URI of its folder (no trailing slash): `skill://orders`. */
  readonly rootUri: string;
  /** Its folder under the skills directory, `/`-separated. */
  readonly folder: string;
  /** The first paragraph of its `SKILL.md` body (see `readSkillSummary`), when it has one. */
  readonly summary: string | undefined;
}

const URI_SCHEME = 'skill://';

/**
 * Reads every skill under `dir` (each folder holding a `SKILL.md`), with the SDK's catalog: its
 * front matter parsed and checked (`name` equal to the folder's name, a `description`), every
 * file's `sha256:` digest and size. Our own `tools` key is checked here (a list of module ids).
 * A skill that fails a check is skipped with a warning naming its `SKILL.md` and the line;
 * the others are served. Sorted by URI.
 *
 * @throws {SkillCatalogError} when the directory cannot be listed or a file cannot be read.
 * @example
 * ```ts
 * const skills = await loadSkills('./skills', logger);
 * ```
 */
export async function loadSkills(dir: string, logger: Logger): Promise<LoadedSkill[]> {
  const warnings: SkillWarning[] = [];
  const catalog = await SkillCatalog.load(nodeSkillFiles(dir), {
    pageSize: Number.POSITIVE_INFINITY,
    onWarning: (warning) => warnings.push(warning),
  });
  for (const warning of warnings) await logSkillWarning(dir, warning, logger);
  const skills: LoadedSkill[] = [];
  for (const entry of catalog.entries) {
    const rootUri = entry.uri.slice(0, -'/SKILL.md'.length);
    const folder = uriToPath(rootUri);
    const tools = readSkillTools(entry.frontmatter);
    if (typeof tools === 'string') {
      const file = join(dir, folder, 'SKILL.md');
      const line = await lineOf(file, 'tools');
      logger.warn({ file, line }, `Skipping skill ${file}:${line}: ${tools}`);
      continue;
    }
    const summary = tools.length === 0 ? undefined : await summaryOf(join(dir, folder, 'SKILL.md'));
    skills.push({ entry, tools, rootUri, folder, summary });
  }
  return skills;
}

/**
 * The file path under the skills directory that a `skill://` URI names (its segments decoded).
 *
 * @example
 * ```ts
 * uriToPath('skill://orders/references/GUIDE.md'); // 'orders/references/GUIDE.md'
 * ```
 */
export function uriToPath(uri: string): string {
  return uri
    .slice(URI_SCHEME.length)
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/');
}

/** One warning of the SDK's catalog, as our log line: the file, and its line when known. */
async function logSkillWarning(dir: string, warning: SkillWarning, logger: Logger): Promise<void> {
  const file = join(dir, warning.path);
  const stated = /line (\d+)/.exec(warning.message);
  let line: number | undefined = stated === null ? undefined : Number(stated[1]);
  if (line === undefined && warning.path.endsWith('SKILL.md')) {
    // The SDK names no line for a rule a parsed key breaks: point at that key.
    const key = /frontmatter (name|description|compatibility|metadata)/.exec(warning.message)?.[1];
    line = await lineOf(file, key);
  }
  const where = line === undefined ? file : `${file}:${line}`;
  logger.warn(
    { file, ...(line === undefined ? {} : { line }) },
    `Skill ${where}: ${warning.message}`,
  );
}

/** The line of `key:` in the file's front matter; 1 (the front matter) when not found. */
async function lineOf(file: string, key: string | undefined): Promise<number> {
  if (key === undefined) return 1;
  try {
    return findKeyLine(await readFile(file, 'utf8'), key) ?? 1;
  } catch {
    return 1;
  }
}

/** Read only for a skill naming tools: only those reach a tool's description. */
async function summaryOf(file: string): Promise<string | undefined> {
  try {
    return readSkillSummary(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
