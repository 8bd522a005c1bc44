import type { TransportName } from '@apcore-mcp/server';
import {
  type AnyOptionDeclaration,
  type CliSetting,
  OPTION_TABLE,
  type OptionLimits,
  serveDefaultOf,
} from '@apcore-mcp/server/options';
import type { CliOnlySetting } from './cli-only-setting.js';
import { CLI_ONLY_SETTINGS } from './cli-only-settings.js';

/**
 * A setting's value once read: text, a number, a flag, a list, or a list of mappings.
 *
 * @example
 * ```ts
 * const value: SettingValue = ['orders', 'catalog'];
 * ```
 */
export type SettingValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly Readonly<Record<string, unknown>>[];

/**
 * One setting of the command: a flag, a config file key and an `APCORE_MCP_*` variable at once,
 * as the option table (or the command's own settings) declares it.
 *
 * @example
 * ```ts
 * const spec = settingSpec('max-sessions'); // { option: 'maxSessions', kind: 'integer', ... }
 * ```
 */
export interface SettingSpec extends Omit<CliSetting, 'defaultValue'> {
  /** The concern `--help` lists it under. */
  concern: string;
  /** The `serve()` option it builds; `undefined` for the command's own settings. */
  option: string | undefined;
  /** The bounds of its value, in its own unit (seconds where the option counts milliseconds). */
  limits: OptionLimits;
  /** The value used, and shown by `--help`, when nothing sets it: the option's default. */
  defaultValue: SettingValue | undefined;
  /** The transports its option applies to; absent: all. */
  transports: readonly TransportName[] | undefined;
  /** Whether its option, given for another transport, is checked and left unused. */
  unusedElsewhere: boolean;
  /** Only a flag or a variable sets it (credentials): a config file may not. */
  notInConfigFile?: boolean;
}

/** The option's default in the setting's terms: its unit, its spelling of a choice. */
function toSettingValue(
  value: unknown,
  setting: CliSetting,
  limits: OptionLimits,
): SettingValue | undefined {
  if (typeof value === 'number') return value / (setting.scale ?? 1);
  if (typeof value === 'boolean') return value;
  if (setting.kind === 'mappings') return undefined;
  if (typeof value === 'string') {
    const choice = limits.choices?.find((name) => name.toLowerCase() === value.toLowerCase());
    return choice ?? value;
  }
  return setting.kind === 'boolean' ? false : undefined;
}

/** The option's bounds in the setting's unit, which counts whole ones: 1 ms is at least 1 s. */
function scaleLimits(limits: OptionLimits, scale = 1): OptionLimits {
  const { minimum, maximum } = limits;
  return {
    ...limits,
    ...(minimum === undefined ? {} : { minimum: Math.ceil(minimum / scale) }),
    ...(maximum === undefined ? {} : { maximum: Math.floor(maximum / scale) }),
  };
}

function specsOf(
  concern: string,
  option: string,
  declaration: AnyOptionDeclaration,
): SettingSpec[] {
  const optionLimits = declaration.limits ?? {};
  return (declaration.cli ?? []).map((setting) => {
    const ownValue = setting.subKey === undefined;
    const limits = ownValue ? scaleLimits(optionLimits, setting.scale) : {};
    return {
      ...setting,
      concern,
      option,
      limits,
      defaultValue: ownValue
        ? toSettingValue(serveDefaultOf(declaration), setting, limits)
        : (setting.defaultValue ?? (setting.kind === 'boolean' ? false : undefined)),
      transports: declaration.transports,
      unusedElsewhere:
        declaration.transports !== undefined && declaration.otherTransports === undefined,
    };
  });
}

function specOfCommand(setting: CliOnlySetting): SettingSpec {
  return {
    ...setting,
    option: undefined,
    limits: setting.limits ?? {},
    defaultValue: setting.kind === 'boolean' ? setting.defaultOn === true : undefined,
    transports: undefined,
    unusedElsewhere: false,
  };
}

/**
 * The kinds of settings naming one path (relative ones are resolved against where they were
 * written).
 *
 * @example
 * ```ts
 * PATH_KINDS.has(settingSpec('acl').kind); // true
 * ```
 */
export const PATH_KINDS: ReadonlySet<SettingSpec['kind']> = new Set([
  'directory',
  'secret-file',
  'file',
]);

/** The concerns in `--help` order: the modules first, then the option table's. */
const CONCERNS = ['modules', ...Object.keys(OPTION_TABLE)];

/**
 * Every setting, in the order `--help` and `config validate` show them: by concern, the
 * command's own settings first in each.
 *
 * @example
 * ```ts
 * SETTING_SPECS.map((spec) => spec.key); // ['extensions-dir', 'transport', 'host', ...]
 * ```
 */
export const SETTING_SPECS: readonly SettingSpec[] = Object.freeze(
  CONCERNS.flatMap((concern) => [
    ...CLI_ONLY_SETTINGS.filter((setting) => setting.concern === concern).map(specOfCommand),
    ...Object.entries(
      (OPTION_TABLE as Record<string, Record<string, AnyOptionDeclaration>>)[concern] ?? {},
    ).flatMap(([option, declaration]) => specsOf(concern, option, declaration)),
  ]),
);

/**
 * The spec of a key, or `undefined` for an unknown one.
 *
 * @example
 * ```ts
 * findSettingSpec('prot'); // undefined
 * ```
 */
export function findSettingSpec(key: string): SettingSpec | undefined {
  return SETTING_SPECS.find((spec) => spec.key === key);
}

/**
 * The spec of a key the command names in its own code.
 *
 * @throws {Error} for a key no setting has: a slip in the command's code, not the user's.
 * @example
 * ```ts
 * settingSpec('transport').limits.choices; // ['stdio', 'streamable-http', 'sse']
 * ```
 */
export function settingSpec(key: string): SettingSpec {
  const spec = findSettingSpec(key);
  if (spec === undefined) throw new Error(`No setting is named ${key}`);
  return spec;
}
