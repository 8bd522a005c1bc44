import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import { formatTable } from '../format-table.js';
import type { CliIo } from '../io.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import { hidePassword } from '../settings/parse-setting-value.js';
import { refuseInvalidOptions } from '../settings/refuse-invalid-options.js';
import { DEFAULT_CONFIG_FILE } from '../settings/setting-names.js';
import { SETTING_SPECS, type SettingSpec } from '../settings/setting-specs.js';
import {
  describeSource,
  listSetting,
  type ResolvedSettings,
  type SettingSource,
  sourceOf,
  textSetting,
} from '../settings/settings.js';
import {
  buildListedTools,
  loadModulesForListing,
  reportSkipped,
} from './load-modules-for-listing.js';

function formatValue(value: unknown): string {
  if (value === undefined) return '-';
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(',');
  }
  return String(value);
}

/** A secret is never printed, only whether this setting itself set it; nor a URL's password. */
function formatSetting(spec: SettingSpec, value: unknown, source: SettingSource): string {
  if (spec.kind === 'secret') return source.kind === 'default' ? '-' : '(set, hidden)';
  if (spec.kind === 'store-url' && typeof value === 'string') return hidePassword(value);
  if (spec.kind === 'headers' && Array.isArray(value)) {
    return formatValue(value.map((entry: string) => `${entry.split('=')[0]}=(hidden)`));
  }
  return formatValue(value);
}

/**
 * `apcore-mcp config validate`: checks the config file (every key known, every value allowed)
 * and the `APCORE_MCP_*` variables, prints the effective settings and where each comes from,
 * checks them as `serve` would (the rules between options: `--metrics-port` only over stdio...),
 * checks the ACL file (when one is set), then loads the extensions directory (when one is set)
 * and reports what would be skipped.
 * Problems with the file or variables end the command with exit 1 before this runs.
 *
 * @throws {CliError} no config file (exit 1); settings `serve` would refuse; a bad ACL file; an
 *   extensions directory that does not exist.
 */
export async function runConfigValidateCommand(
  resolved: ResolvedSettings,
  io: CliIo,
): Promise<number> {
  if (resolved.configFile === undefined) {
    throw new CliError(
      `no config file to validate: ./${DEFAULT_CONFIG_FILE} not found (pass --config FILE)`,
      { code: 'CONFIG_INVALID', details: { flag: '--config' } },
    );
  }
  refuseInvalidOptions(resolved);
  io.stdout.write(`${resolved.configFile} is valid.\n\n`);
  const rows = SETTING_SPECS.map((spec) => {
    const source = sourceOf(resolved, spec.key);
    const value = formatSetting(spec, resolved.values[spec.key], source);
    return [spec.key, value, describeSource(source)];
  });
  io.stdout.write(formatTable(['SETTING', 'VALUE', 'FROM'], rows));
  const acl = loadAclFile(resolved);
  if (acl !== undefined) {
    io.stdout.write(
      `\n${textSetting(resolved, 'acl')}: ${acl.rules.length} ACL rules, default ${acl.defaultEffect}.\n`,
    );
  }
  const extensionsDir = textSetting(resolved, 'extensions-dir');
  const documents = listSetting(resolved, 'openapi');
  if (extensionsDir === undefined && documents.length === 0) {
    io.stdout.write(
      '\nNo extensions-dir or openapi set: pass --extensions-dir or --openapi when serving.\n',
    );
    return ExitCode.Success;
  }
  const source = await loadModulesForListing(resolved);
  const { tools, skipped } = await buildListedTools(source, resolved);
  const { skippedFiles } = source;
  const sources = [...(extensionsDir === undefined ? [] : [extensionsDir]), ...documents];
  io.stdout.write(
    `\n${sources.join(', ')}: ${tools.length} tools to serve, ${skippedFiles.length + skipped.length} skipped.\n`,
  );
  reportSkipped([...skippedFiles, ...skipped], io);
  return ExitCode.Success;
}
