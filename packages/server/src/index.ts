// Any new export added here becomes public API: named exports only, no wildcards.
// The module helpers live in core (module authors need not depend on the server); the server
// offers the very same functions and constants.

export type { GroupingMode, GroupingOption } from '@apcore-mcp/annotations';
export {
  elicit,
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitResult,
  type McpElicitSender,
  type McpProgressSender,
  reportProgress,
} from '@apcore-mcp/core';
export type { AttachOptions } from './attach/attach-options.js';
export { attachToServer } from './attach/attach-to-server.js';
export type { AttachedTools } from './attach/attached-tools.js';
export { ToolNameTakenError } from './attach/tool-name-taken-error.js';
export type { AuthKeys, AuthOptions } from './auth/auth-options.js';
export { MIN_SECRET_BYTES } from './auth/auth-options.js';
export type { Authenticate } from './auth/authenticate.js';
export {
  PROTECTED_RESOURCE_METADATA_PATH,
  type ProtectedResourceMetadata,
} from './auth/protected-resource.js';
export type {
  ApprovalMode,
  ApprovalOption,
  ToolApprovalHandler,
  ToolApprovalRequest,
} from './calls/approval-option.js';
export { APPROVAL_REQUIRED_CODE, ApprovalRequiredError } from './calls/approval-required-error.js';
export { MASKED_VALUE } from './calls/mask-sensitive.js';
export { SHUTTING_DOWN_CODE } from './calls/shutting-down.js';
export { LIMIT_STORE_UNAVAILABLE_CODE } from './calls/store-unavailable.js';
export {
  type JsonLinesLedgerOptions,
  JsonLinesLedgerStore,
} from './governance/json-lines-ledger-store.js';
export {
  type LedgerRecord,
  type LedgerStore,
  parseLedgerLine,
} from './governance/ledger-record.js';
export { BUDGET_EXCEEDED_CODE, RATE_LIMITED_CODE } from './governance/limit-refusal.js';
export type { LimitWindow, WindowLimits } from './governance/limit-windows.js';
export type { LimitsOptions } from './governance/limits-option.js';
export { parseLimits } from './governance/parse-limits.js';
export { type SummarizeUsageOptions, summarizeUsage } from './governance/summarize-usage.js';
export { ACTIONS_META_KEY, GROUP_META_KEY } from './grouping/group-served-tools.js';
export type { CacheHintOption, CacheHints } from './kernel/cache-hints.js';
export { AUTH_IDENTITY_KEY } from './kernel/call-extra.js';
export {
  InvalidOptionError,
  type InvalidOptionErrorInit,
  joinSentence,
  type OptionSentence,
} from './kernel/invalid-option-error.js';
export type { Logger, LogLevel } from './kernel/logger.js';
export type { McpTool, McpToolSchema } from './kernel/mcp-tool.js';
export type { ServedTool } from './kernel/served-tool.js';
export type { ToolCallResult } from './kernel/tool-call-result.js';
export { createMcpHandler, type McpHandler } from './lifecycle/create-mcp-handler.js';
export { createMcpServer } from './lifecycle/create-mcp-server.js';
export {
  type InspectOptions,
  inspectServer,
  type ServerInventory,
} from './lifecycle/inspect-server.js';
export type { RegistryOrExecutor } from './lifecycle/resolve-target.js';
export { serve } from './lifecycle/serve.js';
export { type ServerHandle, startServer } from './lifecycle/start-server.js';
export type { MetricsOption } from './metrics/server-metrics.js';
export type { TracingOption, TracingOptions } from './observability/tracing-option.js';
export { DEFAULT_SHUTDOWN_GRACE_MS } from './options/concerns/lifecycle-options.js';
export { DEFAULT_MAX_BODY_BYTES } from './options/concerns/network-options.js';
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
} from './options/option-declaration.js';
export { type OptionNotice, optionNotices } from './options/option-notices.js';
export { OPTION_TABLE } from './options/option-table.js';
export { checkServeOptions } from './options/resolve-options.js';
export type { ServeOptions } from './options/serve-options.js';
export { createRandomStateKey, resolveStateKey } from './options/state-key.js';
export type { TransportName } from './options/transports.js';
export { DOCS_URI_PREFIX } from './resources/documentation-resources.js';
export type { McpReadResourceResult, McpResource } from './resources/mcp-resource.js';
export {
  RESOURCE_NOT_FOUND_CODE,
  ResourceNotFoundError,
} from './resources/resource-not-found-error.js';
export type { LimitCounter, LimitDecision, LimitStore } from './store/limit-store.js';
export {
  createMemoryLimitStore,
  type MemoryLimitStore,
} from './store/memory-limit-store.js';
export type { SkippedModule } from './tools/tool-builder.js';
export type { CorsOptions } from './transports/cors.js';
export type { NextFunction } from './transports/http-handler.js';
export { MAX_JSON_DEPTH, MAX_META_DEPTH } from './transports/json-nesting.js';
export { ListenError, type ListenErrorDetails } from './transports/listen-error.js';
export type { HealthStatus } from './transports/observability-routes.js';
export {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
} from './transports/session-limits.js';
export type { TlsOptions } from './transports/tls-option.js';
export type { ToolUsage, UsageReport } from './usage/tool-usage.js';
export type { UsageOption, UsageOptions } from './usage/usage-option.js';
