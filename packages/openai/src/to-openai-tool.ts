import type { Logger } from '@apcore-mcp/core/bridge';
import {
  assertStrictSchema,
  type ExportedTool,
  type ToolDescriptor,
  toExportedTool,
  toStrictSchema,
} from '@apcore-mcp/tool-export';
import { OPENAI_STRICT_RULES } from './strict-mode-rules.js';
import type { OpenAIFunctionDefinition, OpenAITool } from './types.js';

/** Options of {@link toOpenaiTool}. */
export interface ToOpenaiToolOptions {
  /**
   * Append the annotation suffix (`\n\n[Annotations: readonly=true]`) and the `mcp_`-prefixed
   * keys of `annotations.extra` (`\n\ncategory: image`) to the description.
   */
  embedAnnotations?: boolean;
  /** Rewrite the schema for strict mode, check it, and add `strict: true`. */
  strict?: boolean;
  /** In strict mode, drop the value constraints OpenAI rejects instead of failing. */
  dropUnsupportedKeywords?: boolean;
  /** Receives the strict-mode warnings. */
  logger?: Logger;
}

/**
 * One module descriptor as an OpenAI function-calling tool.
 *
 * @throws {InvalidToolNameError} when the module id has no valid function name.
 * @throws {SchemaConversionError} when the input schema cannot be converted (`@apcore-mcp/schema`).
 * @throws {StrictModeError} in strict mode, when the schema breaks a strict-mode rule or limit.
 * @example
 * ```ts
 * toOpenaiTool(registry.getDefinition('image.resize')!, { strict: true });
 * // { type: 'function', function: { name: 'image-resize', description, parameters, strict: true } }
 * ```
 */
export function toOpenaiTool(
  descriptor: ToolDescriptor,
  options: ToOpenaiToolOptions = {},
): OpenAITool {
  return toOpenaiWireTool(toExportedTool(descriptor, options), options);
}

/**
 * A provider-neutral tool in OpenAI's wire shape: `{ type: 'function', function }`; in strict
 * mode the schema rewritten for OpenAI, checked, and `strict: true` added.
 *
 * @throws {StrictModeError} in strict mode, when the schema breaks a strict-mode rule or limit.
 */
export function toOpenaiWireTool(tool: ExportedTool, options: ToOpenaiToolOptions): OpenAITool {
  const definition: OpenAIFunctionDefinition = {
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  };
  if (options.strict === true) {
    // A group is no module: its warnings and violations name the grouped function instead.
    const about =
      tool.group === undefined
        ? { moduleId: tool.moduleId }
        : { subject: `grouped function "${tool.group}"` };
    const parameters = toStrictSchema(tool.inputSchema, {
      rules: OPENAI_STRICT_RULES,
      ...about,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.dropUnsupportedKeywords === undefined
        ? {}
        : { dropUnsupportedKeywords: options.dropUnsupportedKeywords }),
    });
    assertStrictSchema(parameters, { rules: OPENAI_STRICT_RULES, name: tool.name, ...about });
    definition.parameters = parameters;
    definition.strict = true;
  }
  return { type: 'function', function: definition };
}
