import type { CliSetting, OPTION_TABLE, OptionLimits } from '@apcore-mcp/server/options';

/**
 * A setting of the command itself, building no `serve()` option: declared as the option
 * table's settings are, with the concern (or feature) `--help` lists it under.
 *
 * @example
 * ```ts
 * const setting: CliOnlySetting = { concern: 'modules', key: 'extensions-dir', kind: 'directory', help: '...' };
 * ```
 */
export interface CliOnlySetting extends CliSetting {
  readonly concern: keyof typeof OPTION_TABLE | 'modules';
  /** The bounds of its value, when it has some. */
  readonly limits?: OptionLimits;
  /**
   * Only a flag or an `APCORE_MCP_*` variable sets it: its values are credentials, which a
   * config file (committed with the project) must not hold; `<key>-file` is the file form.
   */
  readonly notInConfigFile?: boolean;
  /** A boolean on unless turned off (`--no-<key>`); booleans are off by default. */
  readonly defaultOn?: boolean;
}
