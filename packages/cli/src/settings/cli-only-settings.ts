import type { CliOnlySetting } from './cli-only-setting.js';
import { EVENT_BACKEND_SETTINGS } from './event-settings.js';
import { OPENAPI_SETTINGS } from './openapi-settings.js';
import { TASK_ENGINE_SETTINGS } from './task-engine-settings.js';

/**
 * The settings only the command has: where the modules are (an extensions directory, OpenAPI
 * documents), the ACL rules it loads into the
 * executor it builds, the Redis task engine it builds for `--tasks` and the Redis event backend
 * it builds for `--events`.
 *
 * @example
 * ```ts
 * CLI_ONLY_SETTINGS.map((setting) => setting.key); // ['extensions-dir', 'acl', 'tasks', ...]
 * ```
 */
export const CLI_ONLY_SETTINGS: readonly CliOnlySetting[] = [
  {
    concern: 'modules',
    key: 'extensions-dir',
    kind: 'directory',
    help: 'Directory of apcore module files to load (required unless --openapi is given)',
  },
  {
    concern: 'modules',
    key: 'cache',
    kind: 'boolean',
    defaultOn: true,
    help: "Keep the module descriptors in <extensions-dir>/.apcore-mcp-cache, so that a start lists the tools before importing any module's code (each is imported at its first call, or right after start); --no-cache imports every module file at start",
  },
  {
    concern: 'modules',
    key: 'cache-dir',
    kind: 'directory',
    help: 'Where the module cache is kept instead (created if missing; for a read-only extensions directory)',
  },
  {
    concern: 'modules',
    key: 'opening-record',
    kind: 'boolean',
    defaultOn: true,
    help: "Over stdio, record a client's opening (initialize, tools/list...) in the module cache, and answer the same client's next start from it while the server loads; --no-opening-record lets the server answer every start",
  },
  ...OPENAPI_SETTINGS,
  {
    concern: 'security',
    key: 'acl',
    kind: 'file',
    help: 'YAML file of ACL rules (apcore format, conditions included) checked before every call; each caller lists only the tools it may call',
  },
  ...TASK_ENGINE_SETTINGS,
  ...EVENT_BACKEND_SETTINGS,
];
