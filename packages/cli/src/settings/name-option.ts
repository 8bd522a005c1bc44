import type { InvalidOptionError, TransportName } from '@apcore-mcp/server';
import { toEnvName } from './setting-names.js';
import { SETTING_SPECS, type SettingSpec } from './setting-specs.js';
import { describeSource, type ResolvedSettings, sourceOf } from './settings.js';

/** `--port`, or the variable of a setting only a variable sets. */
function flagOf(spec: SettingSpec): string {
  return spec.envOnly === true ? toEnvName(spec.key) : `--${spec.key}`;
}

/** The settings that build an option's path: `auth.secret` -> the two secret settings. */
function settingsOf(path: string): SettingSpec[] {
  const [option, subKey] = path.split('.');
  const all = SETTING_SPECS.filter((spec) => spec.option === option);
  const exact = all.filter((spec) => spec.subKey === subKey);
  return subKey !== undefined && exact.length > 0 ? exact : all;
}

/** Whether a setting was given a value that asks for something (`--usage false` asks nothing). */
function wasGiven(spec: SettingSpec, resolved: ResolvedSettings): boolean {
  const source = resolved.sources[spec.key];
  return source !== undefined && source.kind !== 'default' && resolved.values[spec.key] !== false;
}

/**
 * How the command names an option of `serve()`: by where its value came from when it is the
 * one refused (`APCORE_MCP_USAGE_ADMIN_ROLE`, `"ledger" in apcore-mcp.yaml`), else by its flags
 * (`--transport`); an option no setting builds keeps its own name.
 *
 * @example
 * ```ts
 * nameOption('metricsPort', resolved, true); // '--metrics-port'
 * ```
 */
export function nameOption(path: string, resolved: ResolvedSettings, refused: boolean): string {
  const settings = settingsOf(path);
  if (settings.length === 0) return path;
  const given = refused ? settings.filter((spec) => wasGiven(spec, resolved)) : [];
  if (given.length > 0) {
    return given.map((spec) => describeSource(sourceOf(resolved, spec.key))).join(' and ');
  }
  return settings.map(flagOf).join(' or ');
}

/**
 * The server's refusal of an option in the command's words: each option it names is named by
 * its flag, and the refused one by the flag, variable or config key its value came from.
 *
 * @example
 * ```ts
 * describeInvalidOption(error, resolved);
 * // '--metrics-port applies to --transport stdio only; sse serves GET /metrics on its own port'
 * ```
 */
export function describeInvalidOption(
  error: InvalidOptionError,
  resolved: ResolvedSettings,
): string {
  const refused = error.option.split('.')[0];
  return error.formatMessage((option) =>
    nameOption(option, resolved, option.split('.')[0] === refused),
  );
}

/**
 * The settings given for options the chosen transport does not use (bearer auth over stdio),
 * as one warning per set of transports, or none.
 *
 * @example
 * ```ts
 * unusedSettingsWarnings(resolved, 'stdio');
 * // ['--tls-*, --auth-* apply to --transport streamable-http and sse only; ignored over stdio']
 * ```
 */
export function unusedSettingsWarnings(
  resolved: ResolvedSettings,
  transport: TransportName,
): string[] {
  const unused = new Map<string, SettingSpec[]>();
  for (const spec of SETTING_SPECS) {
    const { option, transports } = spec;
    if (option === undefined || !spec.unusedElsewhere || transports?.includes(transport)) {
      continue;
    }
    if (!wasGiven(spec, resolved)) continue;
    const list = unused.get(option) ?? [];
    unused.set(option, [...list, spec]);
  }
  const byTransports = new Map<string, string[]>();
  for (const [option, given] of unused) {
    const where = (given[0]?.transports ?? []).join(' and ');
    byTransports.set(where, [...(byTransports.get(where) ?? []), groupFlag(option, given)]);
  }
  return [...byTransports].map(
    ([where, flags]) =>
      `${flags.join(', ')} apply to --transport ${where} only; ignored over ${transport}`,
  );
}

/** One flag for an option's settings: `--cors-origins`, or `--auth-*` for a family of them. */
function groupFlag(option: string, given: readonly SettingSpec[]): string {
  const family = SETTING_SPECS.filter((spec) => spec.option === option);
  if (family.length === 1 && given[0] !== undefined) return flagOf(given[0]);
  const prefix = family[0]?.key.split('-')[0] ?? option;
  return `--${prefix}-*`;
}
