import { ErrorCodes, ModuleError } from '@apcore-mcp/core';
import type { ModuleErrorLike } from '@apcore-mcp/core/bridge';
import {
  MODULE_ID_META_KEY,
  readContentItems,
  serializeOutput,
  toJsonValue,
} from '@apcore-mcp/core/bridge';
import type { McpTool } from './mcp-tool.js';
import type { ToolCallResult } from './tool-call-result.js';

/**
 * A module's output as a tool result: its content items when it answered with content (core's
 * `text()`, `image()`, ... or a plain string), else its JSON text, plus `structuredContent` with
 * an outputSchema.
 *
 * @throws {ModuleError} `MODULE_EXECUTE_ERROR` when a tool with an output schema answered with
 * content: its clients expect `structuredContent`.
 * @throws {TypeError} when a content item is malformed (changed on the way by an executor).
 */
export function toSuccessResult(tool: McpTool, output: unknown): ToolCallResult {
  const items = readContentItems(output);
  if (items !== undefined) {
    if (tool.outputSchema !== undefined) throw contentWithOutputSchema(tool);
    return { content: items };
  }
  if (tool.outputSchema === undefined) {
    return { content: [{ type: 'text', text: serializeOutput(output) }] };
  }
  // One JSON-safe copy serves both the text and structuredContent.
  const structured = toJsonValue(output);
  const result: ToolCallResult = { content: [{ type: 'text', text: JSON.stringify(structured) }] };
  if (typeof structured === 'object' && structured !== null && !Array.isArray(structured)) {
    result.structuredContent = structured;
  }
  return result;
}

function contentWithOutputSchema(tool: McpTool): ModuleError {
  const moduleId = tool._meta?.[MODULE_ID_META_KEY] ?? tool.name;
  return new ModuleError({
    code: ErrorCodes.MODULE_EXECUTE_ERROR,
    message: `Module ${String(moduleId)} declares an output schema but answered with content; it must answer JSON matching its schema`,
    details: { moduleId },
  });
}

/** The error for a name that is not served. */
export function moduleNotFound(moduleId: string): ModuleErrorLike {
  return {
    code: 'MODULE_NOT_FOUND',
    message: `Module not found: ${moduleId}`,
    details: { moduleId },
  };
}

/** The error for arguments the input schema refuses. */
export function validationFailed(errors: unknown[]): ModuleErrorLike {
  return {
    code: 'SCHEMA_VALIDATION_ERROR',
    message: 'Input validation failed',
    details: { errors },
  };
}
