// Any new export added here becomes public API: named exports only, no wildcards.
// The module helpers live in core (module authors need not depend on the server); the server
// offers the very same functions and constants.
export {
  elicit,
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitResult,
  type McpElicitSender,
  type McpProgressSender,
  reportProgress,
  serializeOutput,
} from '@apcore-mcp/core';
export type {
  ApprovalMode,
  ApprovalOption,
  ToolApprovalHandler,
  ToolApprovalRequest,
} from './approval-option.js';
export { APPROVAL_REQUIRED_CODE, ApprovalRequiredError } from './approval-required-error.js';
export type { RouterCallExtra } from './call-context.js';
export { createMcpHandler, type McpHandler } from './create-mcp-handler.js';
export {
  DOCS_URI_PREFIX,
  DocumentationResources,
  type ResourceSource,
} from './documentation-resources.js';
export {
  ExecutionRouter,
  type ExecutionRouterOptions,
  SHUTTING_DOWN_CODE,
} from './execution-router.js';
export type { HealthStatus, NextFunction } from './http-handler.js';
export { ListenError, type ListenErrorDetails } from './listen-error.js';
export type { Logger, LogLevel } from './logger.js';
export {
  type BuildToolsResult,
  type CreateServerOptions,
  MCPServerFactory,
  type MCPServerFactoryOptions,
  type SkippedModule,
} from './mcp-server-factory.js';
export {
  type Authenticate,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type ServeOptions,
  type TransportName,
} from './options.js';
export {
  RegistryListener,
  type RegistryListenerOptions,
  type ToolChange,
} from './registry-listener.js';
export type { RegistryOrExecutor } from './resolve-target.js';
export { RESOURCE_NOT_FOUND_CODE, ResourceNotFoundError } from './resource-not-found-error.js';
export { serve } from './serve.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './session-limits.js';
export { type ServerHandle, startServer } from './start-server.js';
export type { ServedTool, ToolSource } from './tool-source.js';
export {
  type HttpTransportOptions,
  type RunningTransport,
  type StdioTransportOptions,
  type TransportEnd,
  TransportManager,
  type TransportManagerOptions,
} from './transport-manager.js';
