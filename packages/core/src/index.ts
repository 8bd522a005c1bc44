// Any new export added here becomes public API: named exports only, no wildcards.
export type { AnnotationFlag } from './annotations.js';
export { fillAnnotations, readAnnotationFlag } from './annotations.js';
export type { ApprovalHandler, ApprovalRequest, ApprovalResult } from './approval.js';
export { CONTEXT_APPROVAL_MARKER, supportsContextApproval } from './approval.js';
export type { Answers, AskOptions } from './asking/ask.js';
export { ask, listRoots, sample } from './asking/ask.js';
export type {
  CreateMessageRequestParams,
  CreateMessageResult,
  McpAsker,
  McpInputRequest,
  McpQuestion,
  Root,
  SamplingContent,
  SamplingMessage,
} from './asking/input-requests.js';
export { capabilityOf, MCP_ASK_KEY } from './asking/input-requests.js';
export type { McpInputResponse } from './asking/input-responses.js';
export { readInputResponse } from './asking/input-responses.js';
export type { Question, QuestionOptions } from './asking/questions.js';
export { formQuestion, rootsQuestion, samplingQuestion } from './asking/questions.js';
export type { CallStep, ModuleCall } from './call-step.js';
export { composeSteps, MODULE_CALL_STEPS_KEY, readModuleCallSteps } from './call-step.js';
export type { BinaryData } from './content/binary-data.js';
export type {
  AudioContent,
  ContentItem,
  ContentResult,
  EmbeddedResource,
  ImageContent,
  ResourceContents,
  ResourceLink,
  TextContent,
} from './content/content-item.js';
export { CONTENT_RESULT_KEY } from './content/content-item.js';
export { describeContent, describeContentItem } from './content/describe-content.js';
export {
  isContentResult,
  readContentItems,
  toContentResult,
} from './content/read-content-result.js';
export type { EmbeddedResourceInput, ResourceLinkInput } from './content/result-helpers.js';
export { audio, embeddedResource, image, resourceLink, text } from './content/result-helpers.js';
export type {
  ContextFactory,
  ContextRequest,
  DefinitionOptions,
  ErrorCode,
  ExecutorLike,
  Identity,
  JsonSchema,
  ListOptions,
  ModuleAnnotations,
  ModuleDescriptor,
  ModuleErrorLike,
  ModuleExample,
  RegistryEvent,
  RegistryEventCallback,
  RegistryLike,
  ValidationErrorDetail,
} from './contract.js';
export { DEFAULT_ANNOTATIONS, ErrorCodes } from './contract.js';
export type {
  ContentAnswer,
  ExecuteFunction,
  ModuleDefinition,
  ModuleDefinitionInput,
  StreamFunction,
} from './define-module.js';
export { defineModule } from './define-module.js';
export type { Completer } from './definitions/completer.js';
export type {
  PromptArgument,
  PromptArgumentInput,
  PromptArguments,
  PromptDefinition,
  PromptDefinitionInput,
} from './definitions/define-prompt.js';
export { definePrompt } from './definitions/define-prompt.js';
export type {
  ResourceDefinition,
  ResourceDefinitionInput,
} from './definitions/define-resource.js';
export { defineResource } from './definitions/define-resource.js';
export type {
  ResourceTemplateDefinition,
  ResourceTemplateDefinitionInput,
  TemplateParams,
} from './definitions/define-resource-template.js';
export { defineResourceTemplate } from './definitions/define-resource-template.js';
export type { Definition } from './definitions/definition.js';
export { isDefinition } from './definitions/definition.js';
export type { BrandedDefinition, DefinitionKind } from './definitions/definition-brand.js';
export { DEFINITION_MARKER } from './definitions/definition-brand.js';
export type {
  CompletionContext,
  DefinitionContext,
  ResourceReadContext,
} from './definitions/definition-context.js';
export { DefinitionResultError } from './definitions/definition-result-error.js';
export type { PromptContentInput } from './definitions/prompt-content.js';
export type {
  PromptGetValue,
  PromptMessage,
  PromptMessageInput,
} from './definitions/prompt-messages.js';
export type {
  ResourceContentsInput,
  ResourceReadValue,
} from './definitions/resource-contents.js';
export type { ResourceUpdateListener } from './definitions/resource-updates.js';
export { onResourceUpdated } from './definitions/resource-updates.js';
export { ACLDeniedError } from './errors/acl-denied-error.js';
export type { ACLRuleErrorOptions } from './errors/acl-rule-error.js';
export { ACLRuleError } from './errors/acl-rule-error.js';
export type { ApcoreMcpErrorInit } from './errors/apcore-mcp-error.js';
export { ApcoreMcpError } from './errors/apcore-mcp-error.js';
export { ApprovalDeniedError } from './errors/approval-denied-error.js';
export {
  CallDepthExceededError,
  CallFrequencyExceededError,
  CircularCallError,
} from './errors/call-chain-errors.js';
export { ClientCapabilityRequiredError } from './errors/client-capability-required-error.js';
export { ConfigNotFoundError } from './errors/config-not-found-error.js';
export { ExecutionCancelledError } from './errors/execution-cancelled-error.js';
export type { InvalidInputErrorOptions } from './errors/invalid-input-error.js';
export { InvalidInputError } from './errors/invalid-input-error.js';
export { InvalidResultError } from './errors/invalid-result-error.js';
export type { ModuleErrorInit, ModuleErrorOptions } from './errors/module-error.js';
export { ModuleError } from './errors/module-error.js';
export { ModuleLoadError } from './errors/module-load-error.js';
export { ModuleNotFoundError } from './errors/module-not-found-error.js';
export { ModuleTimeoutError } from './errors/module-timeout-error.js';
export { DuplicateModuleIdError, InvalidModuleIdError } from './errors/registry-errors.js';
export type { FieldError, SchemaValidationErrorOptions } from './errors/schema-validation-error.js';
export { SchemaValidationError } from './errors/schema-validation-error.js';
export type { TaskLimit, TaskLimitErrorInit } from './errors/task-limit-error.js';
export { TaskLimitError } from './errors/task-limit-error.js';
export type {
  InvalidToolNameErrorDetails,
  InvalidToolNameReason,
  ToolNameCollisionErrorDetails,
} from './errors/tool-name-errors.js';
export { InvalidToolNameError, ToolNameCollisionError } from './errors/tool-name-errors.js';
export { isRecord } from './is-record.js';
export { copyJson } from './json-copy.js';
export type { Logger } from './logger.js';
export { silentLogger } from './logger.js';
export type { McpElicitResult, McpElicitSender, McpProgressSender } from './mcp-context-keys.js';
export {
  CALL_ATTEMPT_ENDED,
  endsCallAttempt,
  MCP_APPROVAL_KEY,
  MCP_CALL_TIMEOUT_KEY,
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
} from './mcp-context-keys.js';
export { elicit, reportProgress } from './mcp-helpers.js';
export type { McpLogLevel, McpLogRecord, McpLogSender } from './mcp-log.js';
export { isMcpLogLevel, log, MCP_LOG_KEY, MCP_LOG_LEVELS } from './mcp-log.js';
export type { ModuleContext } from './module-context.js';
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
export type {
  ModuleUi,
  ModuleUiCsp,
  ModuleUiInput,
  ModuleUiPermission,
  ModuleUiPermissions,
} from './module-ui.js';
export { describeUiProblem, toModuleUi } from './module-ui.js';
export { setOwnEntry } from './own-entry.js';
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
export { becomeTask, MCP_IN_TASK_KEY, MCP_TASK_KEY } from './tasks/become-task.js';
export { PendingQuestions, type PendingQuestionsSnapshot } from './tasks/pending-questions.js';
export type {
  AttemptContext,
  AttemptOutcome,
  TaskAttemptRunner,
  TaskEngine,
} from './tasks/task-engine.js';
export type {
  TaskCall,
  TaskError,
  TaskRound,
  TaskStatus,
  TaskView,
} from './tasks/task-state.js';
export { isTerminalTaskStatus } from './tasks/task-state.js';
export type { TaskStart, TaskSupport } from './tasks/task-support.js';
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
