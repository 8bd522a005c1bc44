import type { ServeOptions } from '@apcore-mcp/server';
import { type SettingValue, settingSpec } from './setting-specs.js';

/**
 * Where a setting's value came from.
 *
 * @example
 * ```ts
 * const source: SettingSource = { kind: 'flag', flag: '--port' };
 * ```
 */
export type SettingSource =
  | { kind: 'default' }
  | { kind: 'file'; path: string; writtenKey: string }
  | { kind: 'env'; name: string }
  | { kind: 'flag'; flag: string };

/**
 * The outcome of resolving flags, environment and config file.
 *
 * @example
 * ```ts
 * const { values, sources, serveOptions } = await resolveSettings(input);
 * ```
 */
export interface ResolvedSettings {
  /** Each setting's value by key (paths absolute), its default when nothing set it. */
  values: Readonly<Record<string, SettingValue | undefined>>;
  /** Where each setting's value came from. */
  sources: Readonly<Record<string, SettingSource>>;
  /**
   * The `serve()` options the settings given ask for (files read, keys decoded); the server
   * fills in the rest from its own defaults.
   */
  serveOptions: ServeOptions;
  /** The config file that was read (absolute), if any. */
  configFile: string | undefined;
  /** Things worth saying that do not stop the command (unknown `APCORE_MCP_*` variables). */
  warnings: string[];
}

/**
 * How a source is named in messages: `--port`, `APCORE_MCP_PORT`, `"port" in apcore-mcp.yaml`.
 *
 * @example
 * ```ts
 * describeSource({ kind: 'env', name: 'APCORE_MCP_PORT' }); // 'APCORE_MCP_PORT'
 * ```
 */
export function describeSource(source: SettingSource): string {
  switch (source.kind) {
    case 'flag':
      return source.flag;
    case 'env':
      return source.name;
    case 'file':
      return `"${source.writtenKey}" in ${source.path}`;
    default:
      return 'the default';
  }
}

/**
 * Where a setting's value came from (`the default` when nothing set it).
 *
 * @example
 * ```ts
 * describeSource(sourceOf(resolved, 'port')); // '--port'
 * ```
 */
export function sourceOf(resolved: ResolvedSettings, key: string): SettingSource {
  settingSpec(key);
  return resolved.sources[key] ?? { kind: 'default' };
}

function settingValue(resolved: ResolvedSettings, key: string): SettingValue | undefined {
  settingSpec(key);
  return resolved.values[key];
}

/**
 * A text setting's value (a path, a URL, a choice); `undefined` when unset and without default.
 *
 * @example
 * ```ts
 * textSetting(resolved, 'transport'); // 'stdio'
 * ```
 */
export function textSetting(resolved: ResolvedSettings, key: string): string | undefined {
  const value = settingValue(resolved, key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * A number setting's value (a port, a count).
 *
 * @example
 * ```ts
 * numberSetting(resolved, 'port'); // 8000
 * ```
 */
export function numberSetting(resolved: ResolvedSettings, key: string): number | undefined {
  const value = settingValue(resolved, key);
  return typeof value === 'number' ? value : undefined;
}

/**
 * A boolean setting's value; `false` when unset.
 *
 * @example
 * ```ts
 * flagSetting(resolved, 'watch'); // false
 * ```
 */
export function flagSetting(resolved: ResolvedSettings, key: string): boolean {
  return settingValue(resolved, key) === true;
}

/**
 * A list setting's entries; empty when unset.
 *
 * @example
 * ```ts
 * listSetting(resolved, 'openapi'); // ['/app/petstore.yaml']
 * ```
 */
export function listSetting(resolved: ResolvedSettings, key: string): readonly string[] {
  const value = settingValue(resolved, key);
  return Array.isArray(value) ? value : [];
}
