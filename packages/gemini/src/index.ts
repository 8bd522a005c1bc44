// Any new export added here becomes public API: named exports only, no wildcards.

// The naming rule's errors, re-exported so Gemini users need not import core for them.
export {
  InvalidToolNameError,
  type InvalidToolNameErrorDetails,
  ToolNameCollisionError,
  type ToolNameCollisionErrorDetails,
} from '@apcore-mcp/core';
export {
  type GroupedCallRoute,
  InvalidArgumentError,
  routeGroupedCall,
  type SkippedModule,
  StrictModeError,
  type StrictModeErrorDetails,
  type StrictRule,
  type StrictViolation,
  type ToolGroups,
} from '@apcore-mcp/tool-export';
export {
  type DispatchGeminiFunctionCallsOptions,
  dispatchGeminiFunctionCalls,
  toFunctionResponseContent,
} from './dispatch/dispatch-gemini-function-calls.js';
export type { GeminiFunctionCallSource } from './dispatch/read-function-calls.js';
export {
  GEMINI_FUNCTION_NAME_PATTERN,
  GEMINI_PARAMETER_NAME_PATTERN,
} from './schema/gemini-rules.js';
export {
  checkGeminiSchema,
  type GeminiSchemaOptions,
  toGeminiSchema,
} from './schema/to-gemini-schema.js';
export {
  type ToGeminiToolOptions,
  type ToGroupedGeminiToolOptions,
  toGeminiTool,
  toGroupedGeminiTool,
} from './to-gemini-tool.js';
export {
  type GeminiToolsResult,
  type ToGeminiToolsOptions,
  toGeminiToolList,
  toGeminiTools,
  toGeminiToolsDetailed,
} from './to-gemini-tools.js';
export type {
  GeminiContent,
  GeminiFunctionCall,
  GeminiFunctionDeclaration,
  GeminiFunctionDeclarationFor,
  GeminiFunctionResponseBlob,
  GeminiFunctionResponseContent,
  GeminiFunctionResponsePart,
  GeminiGenerateContentResponse,
  GeminiJsonSchemaFunctionDeclaration,
  GeminiOpenApiFunctionDeclaration,
  GeminiPart,
  GeminiSchema,
  GeminiSchemaField,
  GeminiTool,
  GeminiType,
} from './types.js';
