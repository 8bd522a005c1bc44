import type { Argv, Options } from 'yargs';
import {
  DEFAULT_CONFIG_FILE,
  SETTING_SPECS,
  type SettingKey,
  type SettingSpec,
} from './settings/setting-specs.js';

function lowerCase(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

function upperCase(value: unknown): unknown {
  return typeof value === 'string' ? value.toUpperCase() : value;
}

/** A setting as a yargs option: text unless boolean, so our own checks report bad values. */
function toOption(spec: SettingSpec): Options {
  const option: Options = {
    describe: spec.description,
    ...(spec.defaultValue === undefined ? {} : { defaultDescription: String(spec.defaultValue) }),
  };
  if (spec.kind === 'boolean') return { ...option, type: 'boolean' };
  // Ports and names stay text here: our own checks name the flag and exit 1, not yargs' 2.
  const text: Options = { ...option, type: 'string', requiresArg: true };
  if (spec.key === 'transport') return { ...text, choices: spec.choices, coerce: lowerCase };
  if (spec.key === 'log-level') return { ...text, choices: spec.choices, coerce: upperCase };
  if (spec.key === 'extensions-dir') return { ...text, normalize: false };
  return text;
}

/**
 * Adds `--config` and the flags of these settings (not the environment-only ones) to a command.
 *
 * @example
 * ```ts
 * withSettings(parser, ['extensions-dir', 'tags']);
 * ```
 */
export function withSettings(parser: Argv, keys: readonly SettingKey[]): Argv {
  let configured = parser.option('config', {
    type: 'string',
    requiresArg: true,
    describe: `YAML config file (default: ./${DEFAULT_CONFIG_FILE} when present)`,
  });
  for (const spec of SETTING_SPECS) {
    if (keys.includes(spec.key) && spec.envOnly !== true)
      configured = configured.option(spec.key, toOption(spec));
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
export function withJsonAndSettings(parser: Argv, keys: readonly SettingKey[]): Argv {
  return withSettings(parser, keys).option('json', {
    type: 'boolean',
    describe: 'Print JSON instead of a table',
  });
}
