// The module author's entry: what `defineModule` users import (definitions, the helpers that
// reach the client, content helpers, errors and the types they need). What only bridges use is
// in `./bridge.ts`. Any new export added here becomes public API: named exports only, no wildcards.
export type { Answers, AskOptions } from './asking/ask.js';
export { ask, listRoots, sample } from './asking/ask.js';
export type {
  CreateMessageRequestParams,
  CreateMessageResult,
  Root,
  SamplingContent,
  SamplingMessage,
} from './asking/input-requests.js';
export type { Question, QuestionOptions } from './asking/questions.js';
export { formQuestion, rootsQuestion, samplingQuestion } from './asking/questions.js';
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
export type { EmbeddedResourceInput, ResourceLinkInput } from './content/result-helpers.js';
export { audio, embeddedResource, image, resourceLink, text } from './content/result-helpers.js';
export type {
  ErrorCode,
  Identity,
  JsonSchema,
  ModuleAnnotations,
  ModuleExample,
} from './contract.js';
export { ErrorCodes } from './contract.js';
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
  EventDeliveryMode,
  EventMatcher,
  EventTypeDefinition,
  EventTypeDefinitionInput,
} from './definitions/define-event-type.js';
export { defineEventType } from './definitions/define-event-type.js';
export type {
  PromptArgument,
  PromptArgumentInput,
  PromptArguments,
  PromptDefinition,
  PromptDefinitionInput,
} from './definitions/define-prompt.js';
export { definePrompt } from './definitions/define-prompt.js';
export type { ResourceDefinition, ResourceDefinitionInput } from './definitions/define-resource.js';
export { defineResource } from './definitions/define-resource.js';
export type {
  ResourceTemplateDefinition,
  ResourceTemplateDefinitionInput,
  TemplateParams,
} from './definitions/define-resource-template.js';
export { defineResourceTemplate } from './definitions/define-resource-template.js';
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
export type { ResourceContentsInput, ResourceReadValue } from './definitions/resource-contents.js';
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
export type {
  ModuleErrorGuidance,
  ModuleErrorInit,
  ModuleErrorOptions,
} from './errors/module-error.js';
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
export { emit } from './events/emit.js';
export type { EmitOptions, EmittedEvent } from './events/event-emitter.js';
export type { EventTooLargeErrorInit } from './events/event-errors.js';
export {
  EventsNotServedError,
  EventTooLargeError,
  UnknownEventTypeError,
} from './events/event-errors.js';
export { CALL_ATTEMPT_ENDED, endsCallAttempt } from './mcp-context-keys.js';
export { elicit, reportProgress } from './mcp-helpers.js';
export { log } from './mcp-log.js';
export type { McpLogLevel } from './mcp-log-record.js';
export type { ModuleContext } from './module-context.js';
export type {
  ModuleUiCsp,
  ModuleUiInput,
  ModuleUiPermission,
  ModuleUiPermissions,
} from './module-ui.js';
export { becomeTask } from './tasks/become-task.js';
export type { TaskStart, TaskSupport } from './tasks/task-support.js';
