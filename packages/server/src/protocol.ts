// `@apcore-mcp/server/protocol`: what clients see on the wire besides tools: `_meta` keys,
// resource URIs and errors, the masked value, nesting limits, the metadata and health bodies,
// the codec of the `requestState` a 2026-07-28 input round carries.
// Named exports only.

export { REDACTED_VALUE } from '@apcore-mcp/core/bridge';

export {
  PROTECTED_RESOURCE_METADATA_PATH,
  type ProtectedResourceMetadata,
} from './features/auth/protected-resource.js';
export { DOCS_URI_PREFIX } from './features/docs/documentation-resources.js';
export { ACTIONS_META_KEY, GROUP_META_KEY } from './grouping/group-served-tools.js';
export type {
  McpReadResourceResult,
  McpResource,
  McpResourceTemplate,
} from './kernel/mcp-resource.js';
export type { McpToolSchema } from './kernel/mcp-tool.js';
export {
  LEGACY_RESOURCE_NOT_FOUND_CODE,
  RESOURCE_NOT_FOUND_CODE,
  ResourceNotFoundError,
} from './kernel/resource-not-found-error.js';
export { type CallStateCodec, createCallStateCodec } from './protocol/call-state-codec.js';
export { MAX_JSON_DEPTH, MAX_META_DEPTH } from './transports/json-nesting.js';
export type { HealthStatus } from './transports/observability-routes.js';
