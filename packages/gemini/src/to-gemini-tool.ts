import type { EncodeActionTable, GroupAction, GroupAnnotations } from '@apcore-mcp/annotations';
import type { Logger } from '@apcore-mcp/core/bridge';
import {
  type ExportedTool,
  type ToolDescriptor,
  toExportedGroupedTool,
  toExportedTool,
} from '@apcore-mcp/tool-export';
import { toGeminiSchema } from './schema/to-gemini-schema.js';
import type {
  GeminiFunctionDeclaration,
  GeminiFunctionDeclarationFor,
  GeminiSchemaField,
} from './types.js';

/**
 * Options of {@link toGeminiTool}.
 *
 * @example
 * ```ts
 * const options: ToGeminiToolOptions = { schemaField: 'parameters', dropUnsupportedKeywords: true };
 * ```
 */
export interface ToGeminiToolOptions<F extends GeminiSchemaField = GeminiSchemaField> {
  /**
   * Append the annotation suffix (`\n\n[Annotations: readonly=true]`) and the `mcp_`-prefixed
   * keys of `annotations.extra` to the description.
   */
  embedAnnotations?: boolean;
  /**
   * The declaration field the schema goes in: `'parametersJsonSchema'` (default; JSON Schema,
   * which the current API and `@google/genai` take on both the Gemini API and Vertex AI) or
   * `'parameters'` (the older OpenAPI-subset `Schema`).
   */
  schemaField?: F;
  /** Drop the value constraints the field's subset does not take instead of refusing the module. */
  dropUnsupportedKeywords?: boolean;
  /** Receives the rewriting's warnings. */
  logger?: Logger;
}

/**
 * A provider-neutral tool as a Gemini function declaration, its schema rewritten and checked.
 *
 * @throws {StrictModeError} when the name or schema breaks the Gemini API's rules.
 */
export function toGeminiDeclaration(
  tool: ExportedTool,
  options: ToGeminiToolOptions,
): GeminiFunctionDeclaration {
  // A group is no module: its warnings and violations name the grouped function instead.
  const about =
    tool.group === undefined
      ? { moduleId: tool.moduleId }
      : { subject: `grouped function "${tool.group}"` };
  const shared = {
    ...about,
    name: tool.name,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.dropUnsupportedKeywords === undefined
      ? {}
      : { dropUnsupportedKeywords: options.dropUnsupportedKeywords }),
  };
  const { name, description } = tool;
  if (options.schemaField === 'parameters') {
    const parameters = toGeminiSchema(tool.inputSchema, { ...shared, schemaField: 'parameters' });
    return { name, description, parameters };
  }
  return { name, description, parametersJsonSchema: toGeminiSchema(tool.inputSchema, shared) };
}

/**
 * One module descriptor as a Gemini function declaration: `{ name, description,
 * parametersJsonSchema }` (or `parameters` with `schemaField: 'parameters'`).
 *
 * @throws {InvalidToolNameError} when the module id has no valid tool name.
 * @throws {SchemaConversionError} when the input schema cannot be converted (a recursive `$ref`).
 * @throws {StrictModeError} when the name or schema breaks the Gemini API's rules.
 * @example
 * ```ts
 * toGeminiTool(registry.getDefinition('image.resize')!);
 * // { name: 'image-resize', description: 'Resize an image', parametersJsonSchema: { type: 'object', ... } }
 * ```
 */
export function toGeminiTool<F extends GeminiSchemaField = 'parametersJsonSchema'>(
  descriptor: ToolDescriptor,
  options: ToGeminiToolOptions<F> = {},
): GeminiFunctionDeclarationFor<F> {
  return toGeminiDeclaration(
    toExportedTool(descriptor, options),
    options,
  ) as GeminiFunctionDeclarationFor<F>;
}

/**
 * Options of {@link toGroupedGeminiTool}.
 *
 * @example
 * ```ts
 * const options: ToGroupedGeminiToolOptions = { embedAnnotations: true };
 * ```
 */
export interface ToGroupedGeminiToolOptions<F extends GeminiSchemaField = GeminiSchemaField>
  extends ToGeminiToolOptions<F> {
  /** Encodes the description's action table (pass `@apcore-mcp/toon`'s `encodeActionTable` for TOON). */
  encodeTable?: EncodeActionTable;
  /** Annotations stated for the group; they win over the aggregate of its actions. */
  annotations?: GroupAnnotations[string];
}

/**
 * One Gemini function standing for several modules (a group, see `planToolGroups`): a required
 * `action` enum plus the merged fields, the generated description; its schema is rewritten and
 * checked like a module's. Route its calls back with `dispatchGeminiFunctionCalls(..., { groups })`.
 *
 * @throws {StrictModeError} when the merged schema breaks the Gemini API's rules.
 * @throws {InvalidToolNameError} when the group has no valid tool name.
 * @example
 * ```ts
 * toGroupedGeminiTool('orders', actions).name; // 'orders'
 * ```
 */
export function toGroupedGeminiTool<F extends GeminiSchemaField = 'parametersJsonSchema'>(
  group: string,
  actions: readonly GroupAction[],
  options: ToGroupedGeminiToolOptions<F> = {},
): GeminiFunctionDeclarationFor<F> {
  return toGeminiDeclaration(
    toExportedGroupedTool(group, actions, options),
    options,
  ) as GeminiFunctionDeclarationFor<F>;
}
