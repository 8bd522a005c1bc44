import type { JsonSchema } from '@apcore-mcp/core';
import { copyJson, type Logger } from '@apcore-mcp/core/bridge';
import {
  type ExportedTool,
  type ToolDescriptor,
  toExportedTool,
  toStrictSchema,
} from '@apcore-mcp/tool-export';
import { ANTHROPIC_STRICT_RULES } from './anthropic-rules.js';
import { assertAnthropicTool } from './check-anthropic-tool.js';
import { dropRefusedValues } from './strict-values.js';
import type { AnthropicInputSchema, AnthropicTool } from './types.js';

/**
 * Options of {@link toAnthropicTool}.
 *
 * @example
 * ```ts
 * const options: ToAnthropicToolOptions = { strict: true, inputExamples: true };
 * ```
 */
export interface ToAnthropicToolOptions {
  /**
   * Append the annotation suffix (`\n\n[Annotations: readonly=true]`) and the `mcp_`-prefixed
   * keys of `annotations.extra` (`\n\ncategory: image`) to the description.
   */
  embedAnnotations?: boolean;
  /**
   * Strict tool use: rewrite the schema for Anthropic's strict subset (every object closed,
   * `oneOf` as `anyOf`, `allOf` merged where safe, `x-llm-description` promoted, `x-*` keys
   * removed), check it against that subset, and add `strict: true`.
   */
  strict?: boolean;
  /**
   * In strict mode, drop the value constraints strict tool use refuses (`minLength`,
   * `minimum`, `maxItems`, `minItems` above 1, a `pattern` it cannot compile, formats outside
   * its list, ...) with a warning each, instead of refusing the module. The Executor still
   * validates the real schema.
   */
  dropUnsupportedKeywords?: boolean;
  /**
   * Send the inputs of the module's examples as `input_examples`, which show the model how to
   * call the tool. Each must fit the schema (the API refuses the request otherwise): an example
   * that does not is reported and the module refused. Default `false`.
   */
  inputExamples?: boolean;
  /** Receives the strict rewriting's warnings. */
  logger?: Logger;
}

/**
 * One module descriptor as an Anthropic tool.
 *
 * @throws {InvalidToolNameError} when the module id has no valid tool name.
 * @throws {SchemaConversionError} when the input schema cannot be converted (`@apcore-mcp/schema`).
 * @throws {AnthropicToolError} when the Messages API would refuse the tool (a root `anyOf`;
 *   in strict mode, a keyword or limit strict tool use refuses).
 * @example
 * ```ts
 * toAnthropicTool(registry.getDefinition('catalog.get_product')!, { strict: true });
 * // { name: 'catalog-get_product', description, input_schema, strict: true }
 * ```
 */
export function toAnthropicTool(
  descriptor: ToolDescriptor,
  options: ToAnthropicToolOptions = {},
): AnthropicTool {
  return toAnthropicWireTool(toExportedTool(descriptor, options), options);
}

function toStrictInputSchema(
  tool: ExportedTool,
  options: ToAnthropicToolOptions,
  about: { moduleId?: string; subject: string },
): JsonSchema {
  const { logger, dropUnsupportedKeywords } = options;
  const schema = toStrictSchema(tool.inputSchema, {
    rules: ANTHROPIC_STRICT_RULES,
    ...about,
    ...(logger === undefined ? {} : { logger }),
    ...(dropUnsupportedKeywords === undefined ? {} : { dropUnsupportedKeywords }),
  });
  // The rewritten schema is new and ours: the values it still refuses are dropped in place.
  if (dropUnsupportedKeywords === true) dropRefusedValues(schema, { ...about, logger });
  return schema;
}

/**
 * A provider-neutral tool in Anthropic's wire shape, checked against the Messages API's rules.
 *
 * @throws {AnthropicToolError} when the Messages API would refuse the tool.
 */
export function toAnthropicWireTool(
  tool: ExportedTool,
  options: ToAnthropicToolOptions,
): AnthropicTool {
  // A group is no module: its warnings and violations name the grouped tool instead.
  const about =
    tool.group === undefined
      ? { moduleId: tool.moduleId, subject: `module "${tool.moduleId}"` }
      : { subject: `grouped tool "${tool.group}"` };
  const strict = options.strict === true;
  const inputSchema = strict ? toStrictInputSchema(tool, options, about) : tool.inputSchema;
  const wire: AnthropicTool = {
    name: tool.name,
    description: tool.description,
    input_schema: inputSchema as AnthropicInputSchema,
  };
  if (strict) wire.strict = true;
  if (options.inputExamples === true && tool.inputExamples !== undefined) {
    wire.input_examples = copyJson(tool.inputExamples);
  }
  assertAnthropicTool(wire, about);
  return wire;
}
