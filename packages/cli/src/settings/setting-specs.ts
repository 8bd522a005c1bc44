import { TOOL_NAME_STYLES } from '@apcore-mcp/core';
import { GOVERNANCE_SETTING_SPECS, type GovernanceSettingKey } from './governance-setting-specs.js';
import { SECURITY_SETTING_SPECS, type SecuritySettingKey } from './security-setting-specs.js';
import {
  TOOL_LISTING_SETTING_SPECS,
  type ToolListingSettingKey,
} from './tool-listing-setting-specs.js';

/** How a setting's value is read and checked. */
export type SettingKind =
  | 'directory'
  | 'file'
  | 'text'
  | 'name'
  | 'port'
  | 'integer'
  | 'choice'
  | 'list'
  | 'group-annotations'
  | 'boolean'
  | 'secret-file'
  | 'secret'
  | 'file'
  | 'url'
  | 'rate-limit'
  | 'budget'
  | 'store-url';

/** One setting: a flag, a config file key and an `APCORE_MCP_*` variable at once. */
export interface SettingSpec {
  /** The flag and config file key, kebab-case (`extensions-dir`). */
  key: SettingKey;
  kind: SettingKind;
  description: string;
  /** The accepted values of a `choice` setting, canonical spelling. */
  choices?: readonly string[];
  /** The smallest value of an `integer` setting. */
  minimum?: number;
  /** Shown in `--help`; the value used when nothing sets it. */
  defaultValue?: string | number | boolean;
  /** Only the serve command uses it (the list commands ignore it). */
  serveOnly?: boolean;
  /**
   * Only an `APCORE_MCP_*` variable sets it, no flag or config key: a secret on the command line
   * shows in process listings, and config files get committed.
   */
  envOnly?: boolean;
}

/** Every setting's key. */
export type SettingKey =
  | 'extensions-dir'
  | 'transport'
  | 'host'
  | 'port'
  | 'name'
  | 'server-version'
  | 'log-level'
  | 'tags'
  | 'any-tags'
  | 'exclude-tags'
  | 'prefix'
  | 'tool-names'
  | ToolListingSettingKey
  | 'validate-inputs'
  | 'watch'
  | 'allowed-origins'
  | 'max-sessions'
  | 'session-idle-timeout'
  | 'approval'
  | 'state-key-file'
  | 'state-key'
  | 'metrics'
  | 'metrics-port'
  | 'tracing'
  | GovernanceSettingKey
  | SecuritySettingKey;

/** The transports, as `--transport` spells them. */
export const TRANSPORTS = ['stdio', 'streamable-http', 'sse'] as const;

/** The log levels, as `--log-level` spells them (any case is accepted). */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR'] as const;

/** Who approves modules annotated `requiresApproval`, as `--approval` spells it. */
export const APPROVAL_MODES = ['elicit', 'deny', 'allow'] as const;

/** The longest accepted server name. */
export const MAX_NAME_LENGTH = 255;

/** The prefix of the environment variables that override the config file. */
export const ENV_PREFIX = 'APCORE_MCP_';

/** The config file read from the working directory when `--config` is not given. */
export const DEFAULT_CONFIG_FILE = 'apcore-mcp.yaml';

/** The settings, in the order `--help` and `config validate` show them. */
export const SETTING_SPECS: readonly SettingSpec[] = Object.freeze([
  {
    key: 'extensions-dir',
    kind: 'directory',
    description: 'Directory of apcore module files to load (required)',
  },
  {
    key: 'transport',
    kind: 'choice',
    choices: TRANSPORTS,
    defaultValue: 'stdio',
    description: 'MCP transport',
    serveOnly: true,
  },
  {
    key: 'host',
    kind: 'text',
    defaultValue: '127.0.0.1',
    description: 'Bind address for streamable-http and sse',
    serveOnly: true,
  },
  {
    key: 'port',
    kind: 'port',
    defaultValue: 8000,
    description: 'Bind port for streamable-http and sse, 1..65535',
    serveOnly: true,
  },
  {
    key: 'name',
    kind: 'name',
    defaultValue: 'apcore-mcp',
    description: `Server name reported to clients, 1..${MAX_NAME_LENGTH} characters`,
    serveOnly: true,
  },
  {
    key: 'server-version',
    kind: 'text',
    description: "Server version reported to clients (default: @apcore-mcp/server's version)",
    serveOnly: true,
  },
  {
    key: 'log-level',
    kind: 'choice',
    choices: LOG_LEVELS,
    defaultValue: 'INFO',
    description: 'Log verbosity (logs go to stderr)',
  },
  {
    key: 'tags',
    kind: 'list',
    description: 'Only modules carrying all of these tags (comma-separated)',
  },
  {
    key: 'any-tags',
    kind: 'list',
    description: 'Only modules carrying at least one of these tags (comma-separated)',
  },
  {
    key: 'exclude-tags',
    kind: 'list',
    description: 'Leave out modules carrying any of these tags (comma-separated)',
  },
  { key: 'prefix', kind: 'text', description: 'Only modules whose id starts with this' },
  {
    key: 'tool-names',
    kind: 'choice',
    choices: TOOL_NAME_STYLES,
    defaultValue: 'safe',
    description:
      'Tool names: safe (catalog-get_product, accepted by every common client) or module-id (catalog.get_product)',
  },
  ...TOOL_LISTING_SETTING_SPECS,
  {
    key: 'validate-inputs',
    kind: 'boolean',
    defaultValue: false,
    description: 'Check tool arguments against the input schema before calling a module',
    serveOnly: true,
  },
  {
    key: 'watch',
    kind: 'boolean',
    defaultValue: false,
    description:
      'Reload modules when their files change; add and remove tools as files come and go',
    serveOnly: true,
  },
  {
    key: 'allowed-origins',
    kind: 'list',
    description: "Browser origins allowed on HTTP (comma-separated, or '*'; default: loopback)",
    serveOnly: true,
  },
  {
    key: 'metrics',
    kind: 'boolean',
    defaultValue: false,
    description:
      'Prometheus metrics: streamable-http and sse answer GET /metrics (stdio: see --metrics-port)',
    serveOnly: true,
  },
  {
    key: 'metrics-port',
    kind: 'port',
    description:
      'stdio only: serve GET /metrics on 127.0.0.1 at this port, 1..65535 (turns --metrics on)',
    serveOnly: true,
  },
  {
    key: 'tracing',
    kind: 'boolean',
    defaultValue: false,
    description:
      'Trace tool calls with the OpenTelemetry SDK the process registers (NODE_OPTIONS="--import ./otel.mjs"); without one, nothing is recorded',
    serveOnly: true,
  },
  {
    key: 'max-sessions',
    kind: 'integer',
    minimum: 1,
    defaultValue: 1000,
    description: 'Most HTTP sessions open at once; a new one over it gets 503 with Retry-After',
    serveOnly: true,
  },
  {
    key: 'session-idle-timeout',
    kind: 'integer',
    minimum: 0,
    defaultValue: 1800,
    description:
      'Seconds a Streamable HTTP session may go without a request or an open stream before it is closed (0: never)',
    serveOnly: true,
  },
  {
    key: 'approval',
    kind: 'choice',
    choices: APPROVAL_MODES,
    defaultValue: 'elicit',
    description:
      'Modules requiring approval: ask the user through the client (elicit), refuse (deny) or run unasked (allow)',
    serveOnly: true,
  },
  {
    key: 'state-key-file',
    kind: 'secret-file',
    description:
      'File holding the key (hex or base64, 32+ bytes) that signs 2026-07-28 requestState; instances behind one endpoint need the same key (default: a random key per process)',
    serveOnly: true,
  },
  {
    key: 'state-key',
    kind: 'secret',
    description: 'The requestState signing key itself (hex or base64, 32+ bytes)',
    serveOnly: true,
    envOnly: true,
  },
  ...GOVERNANCE_SETTING_SPECS,
  ...SECURITY_SETTING_SPECS,
] satisfies SettingSpec[]);

/** The spec of a key, or `undefined` for an unknown one. */
export function findSettingSpec(key: string): SettingSpec | undefined {
  return SETTING_SPECS.find((spec) => spec.key === key);
}

/** `extensions-dir` -> `APCORE_MCP_EXTENSIONS_DIR`. */
export function toEnvName(key: SettingKey): string {
  return `${ENV_PREFIX}${key.toUpperCase().replaceAll('-', '_')}`;
}

/** `extensions-dir` -> `extensionsDir` (how yargs names the parsed flag). */
export function toCamelCase(key: string): string {
  return key.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** `extensions_dir`, `extensionsDir`, `Extensions-Dir` -> `extensions-dir`. */
export function toKebabCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replaceAll('_', '-')
    .toLowerCase();
}

export { GROUPING_MODES } from './tool-listing-setting-specs.js';
