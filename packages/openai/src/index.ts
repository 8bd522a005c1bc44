// Any new export added here becomes public API: named exports only, no wildcards.

// The naming rule's errors, re-exported so OpenAI users need not import core for them.
export {
  InvalidToolNameError,
  type InvalidToolNameErrorDetails,
  ToolNameCollisionError,
  type ToolNameCollisionErrorDetails,
} from '@apcore-mcp/core';
export type { StrictRule, StrictViolation } from '@apcore-mcp/tool-export';
export { makeNullable } from '@apcore-mcp/tool-export';
export {
  assertStrictSchema,
  type CheckStrictSchemaOptions,
  checkStrictSchema,
} from './check-strict-schema.js';
export {
  type DispatchToolCallsOptions,
  dispatchToolCalls,
  type ToolCall,
  type ToolCallOutput,
} from './dispatch-tool-calls.js';
export { InvalidArgumentError } from './invalid-argument-error.js';
export {
  denormalize,
  isValidFunctionName,
  normalize,
  OPENAI_FUNCTION_NAME_PATTERN,
} from './normalize.js';
export {
  type GroupedCallRoute,
  type OpenaiToolGroups,
  routeGroupedCall,
} from './route-grouped-call.js';
export { StrictModeError, type StrictModeErrorDetails } from './strict-mode-error.js';
export { STRICT_FORMATS, STRICT_LIMITS } from './strict-mode-rules.js';
export {
  type ToGroupedOpenaiToolOptions,
  toGroupedOpenaiTool,
} from './to-grouped-openai-tool.js';
export { type ToOpenaiToolOptions, toOpenaiTool } from './to-openai-tool.js';
export {
  type OpenaiToolsResult,
  type SkippedModule,
  type ToOpenaiToolsOptions,
  toOpenaiTools,
  toOpenaiToolsDetailed,
} from './to-openai-tools.js';
export { type ToStrictSchemaOptions, toStrictSchema } from './to-strict-schema.js';
export type {
  ChatToolCall,
  FunctionCallOutput,
  OpenAIFunctionDefinition,
  OpenAITool,
  ResponsesFunctionCall,
  ToolMessage,
} from './types.js';
