import { ErrorCodes, ModuleError } from '@apcore-mcp/core';
import { isRecord, toContentResult } from '@apcore-mcp/core/bridge';

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : `a ${typeof value}`;
}

/**
 * A module's return value as an output object: `undefined` / `null` become `{}`, objects pass,
 * content (a string, result helpers alone or in an array) becomes one content result (core's
 * `toContentResult`), anything else is a module bug reported as `MODULE_EXECUTE_ERROR`.
 */
export function toModuleOutput(moduleId: string, value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (isRecord(value)) return value;
  const content = toContentResult(value);
  if (content !== undefined) return content;
  throw new ModuleError({
    code: ErrorCodes.MODULE_EXECUTE_ERROR,
    message: `Module ${moduleId} returned ${describeType(value)}; a module must return an object, a string or content (text(), image(), ...)`,
    details: { moduleId },
  });
}
