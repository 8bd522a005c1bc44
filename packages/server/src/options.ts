// `@apcore-mcp/server/options`: the parts of `serve()`'s options, their defaults, and the table
// every option is declared in (for tools built on the server as the CLI is). Named exports only.

export type { GroupingMode, GroupingOption } from '@apcore-mcp/annotations';
export type {
  ApprovalMode,
  ApprovalOption,
  ToolApprovalHandler,
  ToolApprovalRequest,
} from './calls/approval-option.js';
export { DEFAULT_MAX_RESULT_BYTES } from './calls/pipeline/max-result-bytes.js';
export type { AuthKeys, AuthOptions } from './features/auth/auth-options.js';
export { MIN_SECRET_BYTES } from './features/auth/auth-options.js';
export type { Authenticate } from './features/auth/authenticate.js';
export type { LimitOverride, OverriddenLimits } from './features/governance/limit-overrides.js';
export type { LimitWindow, WindowLimits } from './features/governance/limit-windows.js';
export type { LimitsOptions } from './features/governance/limits-option.js';
export { parseLimits } from './features/governance/parse-limits.js';
export type { InspectorOption, InspectorOptions } from './features/inspector/inspector-option.js';
export type { MetricsOption } from './features/metrics/server-metrics.js';
export type { TracingOption, TracingOptions } from './features/tracing/tracing-option.js';
export type { UsageOption, UsageOptions } from './features/usage/usage-option.js';
export type { CacheHintOption, CacheHints } from './kernel/cache-hints.js';
export {
  InvalidOptionError,
  type InvalidOptionErrorInit,
  joinSentence,
  type OptionSentence,
} from './kernel/invalid-option-error.js';
export { isLoopbackAddress } from './kernel/loopback-address.js';
export {
  type AcceptedOf,
  type AnyOptionDeclaration,
  type CliSetting,
  type CliSettingKind,
  type EntryDefaults,
  type OptionConcern,
  type OptionDeclaration,
  type OptionLimits,
  type ResolvedOf,
  serveDefaultOf,
} from './kernel/option-declaration.js';
export type { TransportName } from './kernel/transports.js';
export { DEFAULT_SHUTDOWN_GRACE_MS } from './options/concerns/lifecycle-options.js';
export { type OptionNotice, optionNotices } from './options/option-notices.js';
export { OPTION_TABLE } from './options/option-table.js';
export { checkServeOptions } from './options/resolve-options.js';
export type { ServeOptions } from './options/serve-options.js';
export { createRandomStateKey, resolveStateKey } from './options/state-key.js';
export type { CorsOptions } from './transports/cors.js';
export { DEFAULT_MAX_BODY_BYTES } from './transports/endpoint-options.js';
export type { ListenErrorDetails } from './transports/listen-error.js';
export {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
} from './transports/session-limits.js';
export { DEFAULT_SSE_KEEP_ALIVE_MS } from './transports/sse-keep-alive.js';
export type { TlsOptions } from './transports/tls-option.js';
export type { StdioStreams } from './transports/transport-manager.js';
