// How one setting key names its flag, its variable and its config file key.

/**
 * The prefix of the environment variables that override the config file.
 *
 * @example
 * ```ts
 * `${ENV_PREFIX}PORT`; // 'APCORE_MCP_PORT'
 * ```
 */
export const ENV_PREFIX = 'APCORE_MCP_';

/**
 * The config file read from the working directory when `--config` is not given.
 *
 * @example
 * ```ts
 * resolve(cwd, DEFAULT_CONFIG_FILE);
 * ```
 */
export const DEFAULT_CONFIG_FILE = 'apcore-mcp.yaml';

/**
 * `extensions-dir` -> `APCORE_MCP_EXTENSIONS_DIR`.
 *
 * @example
 * ```ts
 * toEnvName('max-sessions'); // 'APCORE_MCP_MAX_SESSIONS'
 * ```
 */
export function toEnvName(key: string): string {
  return `${ENV_PREFIX}${key.toUpperCase().replaceAll('-', '_')}`;
}

/**
 * `extensions-dir` -> `extensionsDir` (how yargs names the parsed flag).
 *
 * @example
 * ```ts
 * toCamelCase('max-sessions'); // 'maxSessions'
 * ```
 */
export function toCamelCase(key: string): string {
  return key.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * `extensions_dir`, `extensionsDir`, `Extensions-Dir` -> `extensions-dir`.
 *
 * @example
 * ```ts
 * toKebabCase('maxSessions'); // 'max-sessions'
 * ```
 */
export function toKebabCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replaceAll('_', '-')
    .toLowerCase();
}
