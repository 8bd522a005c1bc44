// Any new export added here becomes public API: named exports only, no wildcards, at most 30
// names. What serves a registry lives here; the option parts and the option table are in
// `@apcore-mcp/server/options`, the ledger, limit stores and usage reports in
// `@apcore-mcp/server/governance`, wire-level constants in `@apcore-mcp/server/protocol`.
// Module helpers (`elicit`, `reportProgress`) and error codes (`ErrorCodes`) are core's.

export type { AttachOptions } from './attach/attach-options.js';
export { attachToServer } from './attach/attach-to-server.js';
export type { AttachedTools } from './attach/attached-tools.js';
export { ToolNameTakenError } from './attach/tool-name-taken-error.js';
export type { ToolApprovalHandler, ToolApprovalRequest } from './calls/approval-option.js';
export { ApprovalRequiredError } from './calls/approval-required-error.js';
export { AUTH_IDENTITY_KEY } from './kernel/call-extra.js';
export { InvalidOptionError } from './kernel/invalid-option-error.js';
export { MissingPackageError } from './kernel/load-optional-package.js';
export type { Logger, LogLevel } from './kernel/logger.js';
export type { McpTool } from './kernel/mcp-tool.js';
export type { ServedTool } from './kernel/served-tool.js';
export type { ToolCallResult } from './kernel/tool-call-result.js';
export type { TransportName } from './kernel/transports.js';
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
export type { ServeOptions } from './options/serve-options.js';
export type { SkippedModule } from './tools/tool-builder.js';
export type { NextFunction } from './transports/http-handler.js';
export { ListenError } from './transports/listen-error.js';
