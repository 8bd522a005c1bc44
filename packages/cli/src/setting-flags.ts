import { SETTING_SPECS, type SettingSpec } from './settings/setting-specs.js';

/**
 * The flag naming the config file, which every command takes beside its settings' flags.
 *
 * @example
 * ```ts
 * parser.option(CONFIG_FLAG, { type: 'string', requiresArg: true });
 * ```
 */
export const CONFIG_FLAG = 'config';

/**
 * Whether a setting has a flag: the environment-only ones (credentials) and the lists of
 * mappings (`middleware`, which only the config file sets) do not.
 *
 * @example
 * ```ts
 * SETTING_SPECS.filter(hasFlag).map((spec) => `--${spec.key}`);
 * ```
 */
export function hasFlag(spec: SettingSpec): boolean {
  return spec.envOnly !== true && spec.kind !== 'mappings';
}

/**
 * How a flag whose choices ignore case spells what was typed: `--transport STDIO` is `stdio`.
 *
 * @example
 * ```ts
 * foldFlagValue('upper', 'error'); // 'ERROR'
 * ```
 */
export function foldFlagValue(fold: 'lower' | 'upper', value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return fold === 'lower' ? value.toLowerCase() : value.toUpperCase();
}

/**
 * The settings `serve` takes as flags, by key.
 *
 * @example
 * ```ts
 * SERVE_FLAG_SPECS.get('extensions-dir')?.kind; // 'directory'
 * ```
 */
export const SERVE_FLAG_SPECS: ReadonlyMap<string, SettingSpec> = new Map(
  SETTING_SPECS.filter(hasFlag).map((spec) => [spec.key, spec]),
);
