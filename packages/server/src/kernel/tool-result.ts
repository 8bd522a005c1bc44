import type { ModuleErrorLike } from '@apcore-mcp/core';
import { serializeOutput, toJsonValue } from '@apcore-mcp/core';
import type { McpTool } from './mcp-tool.js';
import type { ToolCallResult } from './tool-call-result.js';

/** A module's output as a tool result: its JSON text, plus `structuredContent` with an outputSchema. */
export function toSuccessResult(tool: McpTool, output: unknown): ToolCallResult {
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
