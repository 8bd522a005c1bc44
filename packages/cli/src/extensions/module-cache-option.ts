import { join } from 'node:path';
import type { RegistryOptions } from '@apcore-mcp/runtime';
import { flagSetting, type ResolvedSettings, textSetting } from '../settings/settings.js';

/**
 * The registry's module cache as `--cache` / `--no-cache` and `--cache-dir` set it: on by
 * default, in the extensions directory unless `--cache-dir` names another place.
 *
 * @example
 * ```ts
 * new Registry({ extensionsDir, moduleCache: moduleCacheOption(resolved) });
 * ```
 */
export function moduleCacheOption(resolved: ResolvedSettings): RegistryOptions['moduleCache'] {
  if (!flagSetting(resolved, 'cache')) return false;
  const dir = textSetting(resolved, 'cache-dir');
  return dir === undefined ? true : { dir };
}

/**
 * Where the registry keeps the module cache of `extensionsDir`: `--cache-dir`, else the
 * runtime's default place in the directory. Said here as well as in the runtime, whose code a
 * stdio start has not loaded when it looks for its opening record (loading it costs about 15 ms
 * before the first answer).
 *
 * @example
 * ```ts
 * moduleCacheDir(resolved, '/srv/ext'); // '/srv/ext/.apcore-mcp-cache'
 * ```
 */
export function moduleCacheDir(resolved: ResolvedSettings, extensionsDir: string): string {
  return textSetting(resolved, 'cache-dir') ?? join(extensionsDir, '.apcore-mcp-cache');
}
