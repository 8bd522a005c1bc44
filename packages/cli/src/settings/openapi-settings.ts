import type { CliOnlySetting } from './cli-only-setting.js';

/**
 * The settings of the OpenAPI documents the command serves as modules (`@apcore-mcp/openapi`),
 * beside or instead of the extensions directory. Header values are credentials: a config file
 * (which gets committed) may not hold them.
 *
 * @example
 * ```ts
 * OPENAPI_SETTINGS.map((setting) => setting.key); // ['openapi', 'openapi-prefix', ...]
 * ```
 */
export const OPENAPI_SETTINGS: readonly CliOnlySetting[] = [
  {
    concern: 'modules',
    key: 'openapi',
    kind: 'locations',
    help: 'OpenAPI 3.0/3.1 document (file or http(s) URL, JSON or YAML) whose operations are served as modules; repeat for several',
  },
  {
    concern: 'modules',
    key: 'openapi-prefix',
    kind: 'list',
    help: "Prefix of the documents' module ids (required beside --extensions-dir or another document); one for all, or one per --openapi in order",
  },
  {
    concern: 'modules',
    key: 'openapi-base-url',
    kind: 'url',
    help: "Where the documents' operations are called (default: each document's first server URL)",
  },
  {
    concern: 'modules',
    key: 'openapi-header',
    kind: 'headers',
    notInConfigFile: true,
    help: "NAME=VALUE header sent with every operation call (credentials); repeat for several. Never the MCP client's own token",
  },
  {
    concern: 'modules',
    key: 'openapi-header-file',
    kind: 'secret-file',
    help: 'File of headers sent with every operation call, one "NAME: VALUE" per line (# comments)',
  },
  {
    concern: 'modules',
    key: 'openapi-allow-external-refs',
    kind: 'boolean',
    help: "Follow a document's $refs to other files or URLs (refused by default: a document should not make the server read elsewhere)",
  },
  {
    concern: 'modules',
    key: 'openapi-timeout',
    kind: 'integer',
    limits: { minimum: 1 },
    help: 'Seconds one operation call may take before it fails as timed out (default 60)',
  },
];
