import type { Argv, Options } from 'yargs';
import { CONFIG_FLAG, foldFlagValue, hasFlag } from './setting-flags.js';
import { OPENAPI_SETTINGS } from './settings/openapi-settings.js';
import { DEFAULT_CONFIG_FILE } from './settings/setting-names.js';
import { SETTING_SPECS, type SettingSpec, type SettingValue } from './settings/setting-specs.js';

/**
 * What a command says of a setting differently from `serve`: its own default (`dev` serves
 * Streamable HTTP) or its own line of help (`ledger tail` reads the ledger `serve` writes).
 *
 * @example
 * ```ts
 * const overrides: SettingOverrides = { ledger: { help: 'The ledger file to read' } };
 * ```
 */
export type SettingOverrides = Readonly<
  Record<string, { readonly defaultValue?: SettingValue; readonly help?: string }>
>;

/** Settings every command reads: where the modules are and which of them to take. */
export const SELECTION_KEYS: readonly string[] = [
  'extensions-dir',
  ...OPENAPI_SETTINGS.map((setting) => setting.key),
  'tags',
  'any-tags',
  'exclude-tags',
  'prefix',
];

/** The settings that fold modules into grouped tools. */
export const GROUPING_KEYS: readonly string[] = [
  'grouping',
  'max-tools',
  'toon-descriptions',
  'group-annotations',
];

/** The heading `--help` lists a concern's flags under. */
function groupTitle(concern: string): string {
  return `${concern[0]?.toUpperCase() ?? ''}${concern.slice(1).replaceAll('-', ' ')}:`;
}

/** A setting as a yargs option: text unless boolean, so our own checks report bad values. */
function toOption(spec: SettingSpec): Options {
  const option: Options = {
    describe: spec.help,
    group: groupTitle(spec.concern),
    // Shown only: the command's defaults are applied by its settings, not by yargs.
    ...(spec.defaultValue === undefined ? {} : { defaultDescription: String(spec.defaultValue) }),
  };
  if (spec.kind === 'boolean') return { ...option, type: 'boolean' };
  // Ports and names stay text here: our own checks name the flag and exit 1, not yargs' 2.
  const text: Options = { ...option, type: 'string', requiresArg: true };
  const fold = spec.foldCase;
  if (fold !== undefined) {
    // The command line itself refuses these (exit 2), as the SRS has it for the transport.
    return {
      ...text,
      choices: spec.limits.choices,
      coerce: (value: unknown) => foldFlagValue(fold, value),
    };
  }
  if (spec.kind === 'directory') return { ...text, normalize: false };
  return text;
}

/**
 * Adds `--config` and the flags of these settings (not the environment-only ones) to a command,
 * each under its concern's heading in `--help`, with the command's own defaults and help where
 * it has some.
 *
 * @example
 * ```ts
 * withSettings(parser, ['extensions-dir', 'tags']);
 * ```
 */
export function withSettings(
  parser: Argv,
  keys: readonly string[],
  overrides: SettingOverrides = {},
): Argv {
  let configured = parser.option(CONFIG_FLAG, {
    type: 'string',
    requiresArg: true,
    describe: `YAML config file (default: ./${DEFAULT_CONFIG_FILE} when present)`,
  });
  for (const spec of SETTING_SPECS) {
    if (keys.includes(spec.key) && hasFlag(spec))
      configured = configured.option(spec.key, toOption({ ...spec, ...overrides[spec.key] }));
  }
  return configured;
}

/**
 * {@link withSettings}, plus `--json` to print JSON instead of a table.
 *
 * @example
 * ```ts
 * withJsonAndSettings(parser, ['ledger']);
 * ```
 */
export function withJsonAndSettings(
  parser: Argv,
  keys: readonly string[],
  overrides: SettingOverrides = {},
): Argv {
  return withSettings(parser, keys, overrides).option('json', {
    type: 'boolean',
    describe: 'Print JSON instead of a table',
  });
}
