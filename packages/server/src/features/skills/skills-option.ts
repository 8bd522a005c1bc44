import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { booleanOption } from '../../kernel/primitive-options.js';

/**
 * What the `skills` option takes: the skills directory, or it with the page size of
 * `skills/list` and `resources/directory/read`.
 *
 * @example
 * ```ts
 * const skills: SkillsOption = { dir: './skills', pageSize: 20 };
 * ```
 */
export type SkillsOption = string | { dir: string; pageSize?: number };

const DEFAULT_PAGE_SIZE = 50;
const EXPECTED = 'a directory path, or { dir, pageSize } with a pageSize of at least 1';

/**
 * Checks the `skills` option: a non-empty path, or `{ dir, pageSize }` with a whole page size
 * of at least 1 (default 50). Whether the directory exists is found when serving starts.
 *
 * @throws {InvalidOptionError} for anything else.
 * @example
 * ```ts
 * resolveSkillsOption('./skills'); // { dir: './skills', pageSize: 50 }
 * ```
 */
export function resolveSkillsOption(value: unknown): { dir: string; pageSize: number } {
  const given = typeof value === 'string' ? { dir: value } : value;
  if (typeof given !== 'object' || given === null) throw invalid(value);
  const { dir, pageSize = DEFAULT_PAGE_SIZE } = given as { dir?: unknown; pageSize?: unknown };
  if (typeof dir !== 'string' || dir.trim() === '') throw invalid(value);
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1) {
    throw invalid(value);
  }
  return { dir, pageSize };
}

function invalid(value: unknown): InvalidOptionError {
  return new InvalidOptionError({ option: 'skills', value, expected: EXPECTED });
}

/**
 * The option of `serve()` that serves a skills directory.
 *
 * @example
 * ```ts
 * await serve(registry, { skills: './skills' });
 * ```
 */
export const SKILLS_OPTIONS = {
  /**
   * A skills directory: every folder in it with a `SKILL.md` is a skill, served through the
   * skills extension (`io.modelcontextprotocol/skills`: `skills/list`, `skills/get`,
   * `resources/directory/read`) and as `skill://` resources. A path, or `{ dir, pageSize }`
   * (entries per `skills/list` and directory page, default 50). Re-read on
   * `definitionsChanged()`.
   */
  skills: declareOption<SkillsOption, { dir: string; pageSize: number } | undefined>({
    expected: 'a directory path, or { dir, pageSize }',
    defaultValue: undefined,
    resolve: resolveSkillsOption,
    cli: [
      {
        key: 'skills-dir',
        kind: 'directory',
        help: 'Serve the skills of this directory (each folder with a SKILL.md) through the MCP skills extension',
      },
    ],
  }),
  /**
   * End each tool's description with the first paragraph of the `SKILL.md` of the first skill
   * naming it, for clients that do not read skills; default false.
   */
  skillSummaries: booleanOption({
    defaultValue: false,
    cli: [
      {
        key: 'skill-summaries',
        kind: 'boolean',
        help: "End each tool's description with the first paragraph of the SKILL.md of a skill naming it (for clients without the skills extension)",
      },
    ],
  }),
};
