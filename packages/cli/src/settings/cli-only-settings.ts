import type { CliSetting, OptionConcern } from '@apcore-mcp/server/options';

/**
 * A setting of the command itself, building no `serve()` option: declared as the option
 * table's settings are, with the concern `--help` lists it under.
 *
 * @example
 * ```ts
 * const setting: CliOnlySetting = { concern: 'modules', key: 'extensions-dir', kind: 'directory', help: '...' };
 * ```
 */
export interface CliOnlySetting extends CliSetting {
  readonly concern: OptionConcern | 'modules';
}

/**
 * The settings only the command has: where the modules are, and the ACL rules it loads into
 * the executor it builds.
 *
 * @example
 * ```ts
 * CLI_ONLY_SETTINGS.map((setting) => setting.key); // ['extensions-dir', 'acl']
 * ```
 */
export const CLI_ONLY_SETTINGS: readonly CliOnlySetting[] = [
  {
    concern: 'modules',
    key: 'extensions-dir',
    kind: 'directory',
    help: 'Directory of apcore module files to load (required)',
  },
  {
    concern: 'security',
    key: 'acl',
    kind: 'file',
    help: 'YAML file of ACL rules (apcore format, conditions included) checked before every call; each caller lists only the tools it may call',
  },
];
