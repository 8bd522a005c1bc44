import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import { formatTable } from '../format-table.js';
import type { CliIo } from '../io.js';
import { loadAclFile } from '../settings/load-acl-file.js';
import { hidePassword } from '../settings/parse-setting-value.js';
import { DEFAULT_CONFIG_FILE, SETTING_SPECS } from '../settings/setting-specs.js';
import { describeSource, type ResolvedSettings, type SettingSource } from '../settings/settings.js';
import {
  buildListedTools,
  loadModulesForListing,
  reportSkipped,
} from './load-modules-for-listing.js';

function formatValue(value: unknown): string {
  if (value === undefined) return '-';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.join(',');
  return String(value);
}

/** A secret is never printed, only whether this setting itself set it. */
function formatSecret(source: SettingSource): string {
  return source.kind === 'default' ? '-' : '(set, hidden)';
}

/**
 * `apcore-mcp config validate`: checks the config file (every key known, every value allowed)
 * and the `APCORE_MCP_*` variables, prints the effective settings and where each comes from,
 * checks the ACL file (when one is set), then loads the extensions directory (when one is set)
 * and reports what would be skipped.
 * Problems with the file or variables end the command with exit 1 before this runs.
 *
 * @throws {CliError} no config file (exit 1); a bad ACL file; an extensions directory that does
 *   not exist.
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
  io.stdout.write(`${resolved.configFile} is valid.\n\n`);
  const { settings, sources } = resolved;
  const values: Record<string, unknown> = { ...settings };
  const rows = SETTING_SPECS.map((spec) => {
    const camel = spec.key.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    const source = sources[spec.key];
    // The security settings live in `settings` as server options (files read): show the paths.
    const given = camel in values ? values[camel] : resolved.values[spec.key];
    const value =
      spec.kind === 'secret'
        ? formatSecret(source)
        : spec.kind === 'store-url' && typeof given === 'string'
          ? hidePassword(given)
          : formatValue(given);
    return [spec.key, value, describeSource(source)];
  });
  io.stdout.write(formatTable(['SETTING', 'VALUE', 'FROM'], rows));
  const acl = loadAclFile(resolved);
  if (acl !== undefined) {
    io.stdout.write(
      `\n${settings.acl}: ${acl.rules.length} ACL rules, default ${acl.defaultEffect}.\n`,
    );
  }
  if (settings.extensionsDir === undefined) {
    io.stdout.write('\nNo extensions-dir set: pass --extensions-dir when serving.\n');
    return ExitCode.Success;
  }
  const { registry, skippedFiles } = await loadModulesForListing(resolved);
  const { tools, skipped } = buildListedTools(registry, resolved.settings);
  io.stdout.write(
    `\n${settings.extensionsDir}: ${tools.length} tools to serve, ${skippedFiles.length + skipped.length} skipped.\n`,
  );
  reportSkipped([...skippedFiles, ...skipped], io);
  return ExitCode.Success;
}
