// Any new export added here becomes public API: named exports only, no wildcards.

// The naming rule's errors, re-exported so users need not import core for them.
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
} from '@apcore-mcp/tool-export';
export {
  ANTHROPIC_DOCS,
  ANTHROPIC_STRICT_RULES,
  ANTHROPIC_TOOL_NAME_PATTERN,
  STRICT_FORMATS,
  STRICT_LIMITS,
} from './anthropic-rules.js';
export { AnthropicToolError, type AnthropicToolErrorDetails } from './anthropic-tool-error.js';
export type { AnthropicRule, AnthropicViolation } from './anthropic-violation.js';
export {
  assertAnthropicTool,
  type CheckAnthropicToolOptions,
  checkAnthropicTool,
} from './check-anthropic-tool.js';
export {
  type DispatchAnthropicToolUseOptions,
  dispatchAnthropicToolUse,
  toToolResultMessage,
} from './dispatch-anthropic-tool-use.js';
export { type ToAnthropicToolOptions, toAnthropicTool } from './to-anthropic-tool.js';
export {
  type AnthropicToolGroups,
  type AnthropicToolsResult,
  type ToAnthropicToolsOptions,
  toAnthropicTools,
  toAnthropicToolsDetailed,
} from './to-anthropic-tools.js';
export {
  type ToGroupedAnthropicToolOptions,
  toGroupedAnthropicTool,
} from './to-grouped-anthropic-tool.js';
export type {
  AnthropicCacheControl,
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicInputSchema,
  AnthropicMessageLike,
  AnthropicTextBlock,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
} from './types.js';
