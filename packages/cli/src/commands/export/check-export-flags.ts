import { suggestClosest } from '@apcore-mcp/core/bridge';
import { EXPORT_FORMATS, type ExportFormat, type FormatFlag } from './export-formats.js';

/** Options of {@link checkExportFlags}. */
export interface CheckExportFlagsOptions {
  /** The format of a command that fixes it (`openai export`), instead of `--format`. */
  fixedFormat?: string;
  /** The format table; default {@link EXPORT_FORMATS}. */
  formats?: readonly ExportFormat[];
}

/** Each format flag under the key yargs gives it (camelCase). */
const FLAG_KEYS: Readonly<Record<FormatFlag, string>> = {
  strict: 'strict',
  'embed-annotations': 'embedAnnotations',
  'drop-unsupported': 'dropUnsupported',
  'cache-control': 'cacheControl',
  'input-examples': 'inputExamples',
  'openapi-parameters': 'openapiParameters',
};

function listFlags(flags: readonly FormatFlag[]): string {
  return flags.length === 0 ? 'none of them' : flags.map((flag) => `--${flag}`).join(', ');
}

function readFormat(value: unknown, formats: readonly ExportFormat[]): ExportFormat {
  const names = formats.map((format) => format.name);
  const choices = names.join(', ');
  if (value === undefined) throw new Error(`--format is required: one of ${choices}`);
  const name = String(value);
  const format = formats.find((candidate) => candidate.name === name);
  if (format !== undefined) return format;
  const guess = suggestClosest(name.toLowerCase(), names);
  const hint = guess === undefined ? '' : `; did you mean "${guess}"?`;
  throw new Error(`--format must be one of ${choices} (got "${name}"${hint})`);
}

/**
 * The format an `export` command line asks for, with its flags checked against what the format
 * declares: each flag it does not take is refused by name, and a flag it takes only with
 * another is refused without it. `openai export` passes its fixed format.
 *
 * @throws {Error} one line naming the flag: the command line's usage error.
 * @example
 * ```ts
 * checkExportFlags({ format: 'openai', strict: true }).name; // 'openai'
 * ```
 */
export function checkExportFlags(
  flags: Readonly<Record<string, unknown>>,
  { fixedFormat, formats = EXPORT_FORMATS }: CheckExportFlagsOptions = {},
): ExportFormat {
  const format = readFormat(fixedFormat ?? flags.format, formats);
  const given = (Object.keys(FLAG_KEYS) as FormatFlag[]).filter(
    (flag) => flags[FLAG_KEYS[flag]] === true,
  );
  for (const flag of given) {
    if (!format.flags.includes(flag)) {
      throw new Error(
        `--format ${format.name} does not take --${flag} (it takes ${listFlags(format.flags)})`,
      );
    }
    const need = format.needs?.[flag];
    if (need !== undefined && !given.includes(need.flag)) {
      throw new Error(`--${flag} needs --${need.flag} with --format ${format.name}: ${need.why}`);
    }
  }
  return format;
}
