// The bridge entry (`@apcore-mcp/core/bridge`): what only packages that serve or run modules use
// (the contract a registry and executor meet, the call's client channel, task engines, tool
// names, serialization, redaction). Module authors need only the root entry.
// Any new export added here becomes public API: named exports only, no wildcards.

export type { AnnotationFlag } from './annotations.js';
export { fillAnnotations, readAnnotationFlag } from './annotations.js';
export type { ApprovalHandler, ApprovalRequest, ApprovalResult } from './approval.js';
export { CONTEXT_APPROVAL_MARKER, supportsContextApproval } from './approval.js';
export { ASKED_USER_KEY, hasAskedUser, markAskedUser } from './asking/asked-user.js';
export type { McpAsker, McpInputRequest, McpQuestion } from './asking/input-requests.js';
export { capabilityOf } from './asking/input-requests.js';
export type { McpInputResponse } from './asking/input-responses.js';
export { readInputResponse } from './asking/input-responses.js';
export type { CallStep, ModuleCall } from './call-step.js';
export { composeSteps, MODULE_CALL_STEPS_KEY, readModuleCallSteps } from './call-step.js';
export type { McpClientChannel } from './channel/client-channel.js';
export { MCP_CLIENT_CHANNEL_KEY, toChannelData } from './channel/client-channel.js';
export { clientChannelOf } from './channel/client-channel-of.js';
export { CONTENT_RESULT_KEY } from './content/content-item.js';
export { describeContent, describeContentItem } from './content/describe-content.js';
export {
  isContentResult,
  readContentItems,
  toContentResult,
} from './content/read-content-result.js';
export type {
  ContextFactory,
  ContextRequest,
  DefinitionOptions,
  ExecutorLike,
  ListOptions,
  ModuleDescriptor,
  ModuleErrorLike,
  RegistryEvent,
  RegistryEventCallback,
  RegistryLike,
  ValidationErrorDetail,
} from './contract.js';
export { DEFAULT_ANNOTATIONS } from './contract.js';
export {
  defineBuiltInEventType,
  EVENT_DELIVERY_MODES,
  EVENT_TYPE_NAME_PATTERN,
  RESERVED_EVENT_TYPE_PREFIXES,
} from './definitions/define-event-type.js';
export type { Definition } from './definitions/definition.js';
export { isDefinition } from './definitions/definition.js';
export type { BrandedDefinition, DefinitionKind } from './definitions/definition-brand.js';
export { DEFINITION_MARKER } from './definitions/definition-brand.js';
export type { ResourceUpdateListener } from './definitions/resource-updates.js';
export { onResourceUpdated } from './definitions/resource-updates.js';
export type { EventBackend } from './events/event-backend.js';
export type { McpEventEmitter } from './events/event-emitter.js';
export type {
  EventLog,
  EventLogBounds,
  EventLogRead,
  LoggedEvent,
} from './events/event-log.js';
export type {
  DeadLetter,
  DeliveryErrorCategory,
  DeliveryJob,
  DeliveryOutcome,
  DeliveryRecord,
  WebhookCaps,
  WebhookDelivery,
  WebhookDeliveryHandlers,
  WebhookStore,
  WebhookSubscription,
  WebhookWatermark,
} from './events/webhook-backend.js';
export { isRecord } from './is-record.js';
export { copyJson } from './json-copy.js';
export type { Logger } from './logger.js';
export { silentLogger } from './logger.js';
export type { McpElicitResult, McpElicitSender, McpProgressSender } from './mcp-context-keys.js';
export { MCP_ELICIT_KEY, MCP_PROGRESS_KEY } from './mcp-context-keys.js';
export type { McpLogRecord, McpLogSender } from './mcp-log-record.js';
export { isMcpLogLevel, MCP_LOG_LEVELS } from './mcp-log-record.js';
export type { ModuleFilter, ModuleFilterInput } from './module-filter.js';
export {
  isModuleSelected,
  listModules,
  matchesModuleFilter,
  toListOptions,
  toModuleFilter,
} from './module-filter.js';
export {
  assertValidModuleId,
  MAX_MODULE_ID_LENGTH,
  MODULE_ID_PATTERN,
  moduleIdFromPath,
} from './module-id.js';
export type { ModuleLike } from './module-like.js';
export { describeModuleProblem, isModuleLike } from './module-like.js';
export type { ModuleUi } from './module-ui.js';
export { describeUiProblem, toModuleUi } from './module-ui.js';
export { setOwnEntry } from './own-entry.js';
export { findPackageDir, readPackageVersion } from './package-manifest.js';
export { readProperty } from './read-property.js';
export {
  REDACTED_VALUE,
  redactOutput,
  redactSensitive,
  SECRET_KEY_PREFIX,
} from './redact-sensitive.js';
export type { JsonValue } from './serialize-output.js';
export { serializeOutput, toJsonValue } from './serialize-output.js';
export { suggestClosest } from './suggest-closest.js';
export { PendingQuestions, type PendingQuestionsSnapshot } from './tasks/pending-questions.js';
export type {
  AttemptContext,
  AttemptOutcome,
  TaskAttemptRunner,
  TaskEngine,
} from './tasks/task-engine.js';
export type { TaskCall, TaskError, TaskRound, TaskStatus, TaskView } from './tasks/task-state.js';
export { isTerminalTaskStatus } from './tasks/task-state.js';
export { readTaskStart, readTaskSupport } from './tasks/task-support.js';
export type { ToolNameStyle } from './tool-name.js';
export {
  isSafeToolName,
  MAX_TOOL_NAME_LENGTH,
  MODULE_ID_META_KEY,
  SAFE_TOOL_NAME_PATTERN,
  TOOL_NAME_STYLES,
  toToolName,
} from './tool-name.js';
export { ToolNameTable } from './tool-name-table.js';
export { isExecutorLike, isRegistryLike } from './type-guards.js';
