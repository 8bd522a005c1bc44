import type { Logger } from '@apcore-mcp/core/bridge';
import type { Skill } from '@modelcontextprotocol/server/ext/skills';
import { type ConfinedFiles, confineFiles } from '../../kernel/confined-files.js';
import type { McpReadResourceResult, McpResource } from '../../kernel/mcp-resource.js';
import type { ToolSource } from '../../kernel/served-tool.js';
import { type LoadedSkill, loadSkills, uriToPath } from './load-skills.js';
import {
  type DirectoryChild,
  directoryChildren,
  isTextMimeType,
  mimeTypeOf,
} from './skill-directory-listing.js';

/**
 * The `_meta` key of a skill entry that names its tools as served, and of a tool that names
 * the `SKILL.md` URIs of its skills.
 *
 * @example
 * ```ts
 * tool._meta?.[SKILLS_META_KEY]; // ['skill://orders/SKILL.md']
 * ```
 */
export const SKILLS_META_KEY = 'apcore/skills';

/**
 * The `_meta` key of a skill entry naming its tools as `tools/list` serves them.
 *
 * @example
 * ```ts
 * skill._meta?.[SKILL_TOOLS_META_KEY]; // ['shop-orders-list']
 * ```
 */
export const SKILL_TOOLS_META_KEY = 'apcore/tools';

/**
 * One page of a list, and the cursor of the next when there is one.
 *
 * @example
 * ```ts
 * const page: Page<Skill> = { items: [], nextCursor: undefined };
 * ```
 */
export interface Page<T> {
  items: T[];
  nextCursor: string | undefined;
}

/**
 * The skills of a skills directory as the server serves them, re-read on {@link reload}. Each
 * caller sees the skills whose `tools` it may all call (a skill naming no tools, everyone);
 * a skill it may not see is neither listed nor read (not found). Pages are cut after an
 * entry's URI, so a cursor stays meaningful across a reload.
 *
 * @example
 * ```ts
 * const skills = new ServedSkills({ dir: './skills', logger, pageSize: 50 });
 * await skills.reload();
 * skills.list(tools, undefined).items;
 * ```
 */
export class ServedSkills {
  readonly #dir: string;
  /**
   * Where reads happen: never outside the directory, whatever is swapped in under it after a
   * load. Taken again with each load, so a directory the operator moved is followed.
   */
  #files: ConfinedFiles;
  readonly #logger: Logger;
  readonly #pageSize: number;
  #skills: readonly LoadedSkill[] = [];
  #reloading: Promise<boolean> = Promise.resolve(false);

  constructor(options: { dir: string; logger: Logger; pageSize: number }) {
    this.#dir = options.dir;
    this.#files = confineFiles(options.dir);
    this.#logger = options.logger;
    this.#pageSize = options.pageSize;
  }

  /** Whether no skill is served (the extension is then not declared). */
  get isEmpty(): boolean {
    return this.#skills.length === 0;
  }

  /**
   * Reads the directory again and swaps the new skills in; resolves whether what clients list
   * changed (a skill added, removed, or its front matter or files changed). Reloads run one
   * after another. A directory that cannot be read keeps the old skills and is logged.
   */
  reload(): Promise<boolean> {
    this.#reloading = this.#reloading.then(async () => {
      try {
        const files = confineFiles(this.#dir);
        const next = await loadSkills(this.#dir, this.#logger);
        const changed = JSON.stringify(next) !== JSON.stringify(this.#skills);
        this.#skills = next;
        this.#files = files;
        return changed;
      } catch (error) {
        this.#logger.warn(
          { err: error, dir: this.#dir },
          `Could not read the skills in ${this.#dir}`,
        );
        return false;
      }
    });
    return this.#reloading;
  }

  /** One page of the skills `tools` may see, for `skills/list`. */
  list(tools: ToolSource, cursor: string | undefined): Page<Skill> {
    const visible = this.#visible(tools);
    const start = cursor === undefined ? 0 : visible.findIndex((skill) => skill.entry.uri > cursor);
    const from = start === -1 ? visible.length : start;
    const page = visible.slice(from, from + this.#pageSize);
    const last = page.at(-1);
    const more = from + page.length < visible.length && last !== undefined;
    return {
      items: page.map((skill) => toEntry(skill, tools)),
      nextCursor: more ? last.entry.uri : undefined,
    };
  }

  /** The entry of the skill whose `SKILL.md` is `uri`, if `tools` may see it (`skills/get`). */
  get(uri: string, tools: ToolSource): Skill | undefined {
    const skill = this.#visible(tools).find((candidate) => candidate.entry.uri === uri);
    return skill === undefined ? undefined : toEntry(skill, tools);
  }

  /** Each visible skill's `SKILL.md` as a resource (name and description from its front matter). */
  resources(tools: ToolSource): McpResource[] {
    return this.#visible(tools).map(({ entry }) => ({
      uri: entry.uri,
      name: entry.frontmatter.name,
      description: entry.frontmatter.description,
      mimeType: 'text/markdown',
    }));
  }

  /** Whether `uri` is a file of a skill `tools` may see. */
  serves(uri: string, tools: ToolSource): boolean {
    return this.#fileOf(uri, tools) !== undefined;
  }

  /**
   * Reads a file of a skill `tools` may see; `undefined` when there is none at `uri`.
   *
   * @throws {UnreadableFileError} when the file is gone, or now lies outside the directory.
   */
  async read(uri: string, tools: ToolSource): Promise<McpReadResourceResult | undefined> {
    if (this.#fileOf(uri, tools) === undefined) return undefined;
    const bytes = await this.#files.read(uriToPath(uri));
    const mimeType = mimeTypeOf(uri);
    const content = isTextMimeType(mimeType)
      ? { uri, mimeType, text: bytes.toString('utf8') }
      : { uri, mimeType, blob: bytes.toString('base64') };
    return { contents: [content] };
  }

  /**
   * One page of the direct children of a folder of a skill `tools` may see (its root or one
   * below it), for `resources/directory/read`; `undefined` when `uri` is no such folder.
   */
  readDirectory(
    uri: string,
    cursor: string | undefined,
    tools: ToolSource,
  ): Page<DirectoryChild> | undefined {
    const skill = this.#visible(tools).find(
      (candidate) => uri === candidate.rootUri || uri.startsWith(`${candidate.rootUri}/`),
    );
    const children = skill === undefined ? undefined : directoryChildren(skill.entry, uri);
    if (children === undefined) return undefined;
    const start = cursor === undefined ? 0 : children.findIndex((child) => child.uri > cursor);
    const from = start === -1 ? children.length : start;
    const items = children.slice(from, from + this.#pageSize);
    const last = items.at(-1);
    const more = from + items.length < children.length && last !== undefined;
    return { items, nextCursor: more ? last.uri : undefined };
  }

  /** The `SKILL.md` URIs of the skills naming `moduleId` among their tools. */
  skillsOf(moduleId: string): string[] {
    return this.#skills
      .filter((skill) => skill.tools.includes(moduleId))
      .map((skill) => skill.entry.uri);
  }

  /** The first paragraph of the first skill (in URI order) naming `moduleId` that has one. */
  summaryOf(moduleId: string): string | undefined {
    return this.#skills.find((skill) => skill.tools.includes(moduleId) && skill.summary)?.summary;
  }

  /** The module ids the skills name that `tools` does not serve, for a warning at start. */
  unservedTools(tools: ToolSource): string[] {
    const named = new Set(this.#skills.flatMap((skill) => skill.tools));
    return [...named].filter((moduleId) => tools.getByModuleId(moduleId) === undefined);
  }

  #visible(tools: ToolSource): LoadedSkill[] {
    return this.#skills.filter((skill) =>
      skill.tools.every((moduleId) => tools.getByModuleId(moduleId) !== undefined),
    );
  }

  #fileOf(uri: string, tools: ToolSource): unknown {
    for (const { entry } of this.#visible(tools)) {
      if (entry.resources === 'dynamic') continue;
      const file = entry.resources.find((resource) => resource.uri === uri);
      if (file !== undefined) return file;
    }
    return undefined;
  }
}

/** A skill's entry as served: with its tools' names as the caller's `tools/list` shows them. */
function toEntry(skill: LoadedSkill, tools: ToolSource): Skill {
  if (skill.tools.length === 0) return skill.entry;
  const names = skill.tools.flatMap((moduleId) => tools.getByModuleId(moduleId)?.tool.name ?? []);
  return { ...skill.entry, _meta: { ...skill.entry._meta, [SKILL_TOOLS_META_KEY]: names } };
}
