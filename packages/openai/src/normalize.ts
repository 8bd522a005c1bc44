import { isSafeToolName, SAFE_TOOL_NAME_PATTERN, toToolName } from '@apcore-mcp/core/bridge';

/** OpenAI's rule for function names: the same as every common MCP client's rule for tool names. */
export const OPENAI_FUNCTION_NAME_PATTERN = SAFE_TOOL_NAME_PATTERN;

/**
 * The OpenAI function name of a module id: its safe tool name, the very name the MCP server
 * serves it under (`image.resize` -> `image-resize`; an id whose name would pass 64 characters
 * keeps a readable head and ends with a hash of the whole id). See `toToolName` in
 * `@apcore-mcp/core`.
 *
 * @throws {InvalidToolNameError} when the id is empty, holds a hyphen (reserved for this
 *   replacement) or characters outside `[a-zA-Z0-9_.]`.
 * @example
 * ```ts
 * normalize('comfyui.workflow.execute'); // 'comfyui-workflow-execute'
 * ```
 */
export function normalize(moduleId: string): string {
  return toToolName(moduleId, 'safe');
}

/**
 * The module id a function name stands for when the name was not shortened: every `-` becomes
 * `.` (`image-resize` -> `image.resize`). Never throws.
 *
 * @deprecated A shortened name (a module id over 64 characters) has no reverse: resolve names
 *   through a `ToolNameTable` of the served modules, as `dispatchToolCalls` does.
 * @example
 * ```ts
 * denormalize('image-resize'); // 'image.resize'
 * ```
 */
export function denormalize(name: string): string {
  return name.replaceAll('-', '.');
}

/**
 * Whether `name` is a valid OpenAI function name (`^[a-zA-Z0-9_-]{1,64}$`).
 *
 * @example
 * ```ts
 * isValidFunctionName('image-resize'); // true
 * isValidFunctionName('image.resize'); // false
 * ```
 */
export function isValidFunctionName(name: string): boolean {
  return isSafeToolName(name);
}
