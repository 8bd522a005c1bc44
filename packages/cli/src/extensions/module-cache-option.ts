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
