import type { ToolNameStyle } from '@apcore-mcp/core';
import type { GroupAnnotationsSetting } from './group-annotation-entries.js';
import type { SecuritySettings } from './read-security-settings.js';
import type {
  APPROVAL_MODES,
  GROUPING_MODES,
  LOG_LEVELS,
  SettingKey,
  TRANSPORTS,
} from './setting-specs.js';

/**
 * Every setting of the command, resolved: defaults filled, paths absolute. The security
 * settings come as the server's `auth`, `cors` and `tls` options, their files already read.
 */
export interface Settings extends SecuritySettings {
  /** Absolute; `undefined` when nothing set it (commands that need it fail then). */
  extensionsDir: string | undefined;
  transport: (typeof TRANSPORTS)[number];
  host: string;
  port: number;
  name: string;
  /** `undefined`: the server reports its own package version. */
  serverVersion: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Modules carrying all of these (empty: no such filter). */
  tags: readonly string[];
  /** Modules carrying at least one of these (empty: no such filter). */
  anyTags: readonly string[];
  /** Modules carrying none of these. */
  excludeTags: readonly string[];
  prefix: string | undefined;
  toolNames: ToolNameStyle;
  grouping: (typeof GROUPING_MODES)[number];
  /** With `grouping: auto`: the tool count above which namespaces are grouped. */
  maxTools: number;
  toonDescriptions: boolean;
  /** Annotations stated per group (`--group-annotations`); `{}` when none. */
  groupAnnotations: GroupAnnotationsSetting;
  validateInputs: boolean;
  /** List `search_tools` and `call_tool` instead of every module. */
  toolSearch: boolean;
  watch: boolean;
  allowedOrigins: readonly string[] | undefined;
  /** Serve Prometheus metrics (`GET /metrics` on HTTP). */
  metrics: boolean;
  /** stdio only: the 127.0.0.1 port serving `GET /metrics`. */
  metricsPort: number | undefined;
  /** Trace tool calls with the globally registered OpenTelemetry SDK. */
  tracing: boolean;
  /** Absolute path of the ledger file (JSON lines), if one was named. */
  ledger: string | undefined;
  /** Serve `GET /usage` on HTTP. */
  usage: boolean;
  /** Roles that see the whole `GET /usage` report (empty: none); any turns `usage` on. */
  usageAdminRoles: readonly string[];
  maxSessions: number;
  /** In seconds. */
  sessionIdleTimeout: number;
  approval: (typeof APPROVAL_MODES)[number];
  /** Absolute path of the YAML file of ACL rules; `undefined`: no ACL, every call allowed. */
  acl: string | undefined;
  /** Absolute path of the file the state key was read from, if one was named. */
  stateKeyFile: string | undefined;
  /**
   * The key that signs 2026-07-28 `requestState`, from (first wins) `--state-key-file`,
   * `APCORE_MCP_STATE_KEY`, `APCORE_MCP_STATE_KEY_FILE`, the config file's `state-key-file`;
   * `undefined`: the server makes a random key per process.
   */
  stateKey: Uint8Array | undefined;
  /** Calls per subject, as written (`60/min,1000/day`; checked). */
  rateLimit: string | undefined;
  /** Calls per subject of destructive tools, as written. */
  rateLimitDestructive: string | undefined;
  /** Spending per subject, as written (`100/day`). */
  budget: string | undefined;
  /** The Redis URL of a shared limit store; `undefined`: in memory. */
  store: string | undefined;
}

/** Where a setting's value came from. */
export type SettingSource =
  | { kind: 'default' }
  | { kind: 'file'; path: string; writtenKey: string }
  | { kind: 'env'; name: string }
  | { kind: 'flag'; flag: string };

/** The outcome of resolving flags, environment and config file. */
export interface ResolvedSettings {
  settings: Settings;
  /** Where each setting's value came from. */
  sources: Record<SettingKey, SettingSource>;
  /** Each setting's value as given (paths absolute), before files were read. */
  values: Record<SettingKey, unknown>;
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
