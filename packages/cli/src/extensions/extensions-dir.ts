import { stat } from 'node:fs/promises';
import { CliError } from '../cli-error.js';
import { toEnvName } from '../settings/setting-names.js';
import {
  describeSource,
  type ResolvedSettings,
  sourceOf,
  textSetting,
} from '../settings/settings.js';

/**
 * The extensions directory when one is set (existing, a directory);
 * `undefined` when none is set and OpenAPI documents (`--openapi`) are the modules instead.
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1): neither is set, or the directory is wrong.
 */
export async function findExtensionsDir(
  resolved: ResolvedSettings,
  withDocuments: boolean,
): Promise<string | undefined> {
  const path = textSetting(resolved, 'extensions-dir');
  if (path === undefined) {
    if (withDocuments) return undefined;
    throw new CliError(
      `--extensions-dir is required (or set extensions-dir in apcore-mcp.yaml, or ${toEnvName('extensions-dir')}); or serve an OpenAPI document with --openapi FILE|URL`,
      { code: 'INVALID_ARGUMENT', details: { flag: '--extensions-dir' } },
    );
  }
  const from = describeSource(sourceOf(resolved, 'extensions-dir'));
  const info = await stat(path).catch(() => null);
  if (info === null) {
    throw new CliError(`extensions directory does not exist: ${path} (${from})`, {
      code: 'INVALID_ARGUMENT',
      details: { flag: '--extensions-dir', path },
    });
  }
  if (!info.isDirectory()) {
    throw new CliError(`extensions path is not a directory: ${path} (${from})`, {
      code: 'INVALID_ARGUMENT',
      details: { flag: '--extensions-dir', path },
    });
  }
  return path;
}
