import {
  composeGroupedTool,
  type EncodeActionTable,
  type GroupAction,
  type GroupAnnotations,
  toDescriptionSuffix,
  toExtraDescription,
} from '@apcore-mcp/annotations';
import type { JsonSchema } from '@apcore-mcp/core';
import { copyJson, type Logger, type ModuleDescriptor } from '@apcore-mcp/core/bridge';
import { SchemaConverter } from '@apcore-mcp/schema';
import { toExportedToolName } from './tool-names.js';

/**
 * A tool before any provider's wire shape: its name, the description a model reads and the
 * input schema with `$ref`s inlined (not yet rewritten for any strict mode). A module's tool
 * names its `moduleId`; a grouped tool names its `group` and, by action, each module id.
 *
 * @example
 * ```ts
 * const tool: ExportedTool = { name: 'image-resize', description: 'Resize an image',
 *   inputSchema: { type: 'object', properties: {} }, moduleId: 'image.resize' };
 * ```
 */
export type ExportedTool = {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /**
   * The `inputs` of the module's examples, when it has some (never on a grouped tool): for
   * providers whose tool definitions take example inputs.
   */
  inputExamples?: Record<string, unknown>[];
} & (
  | { moduleId: string; group?: undefined; actions?: undefined }
  | { moduleId?: undefined; group: string; actions: Readonly<Record<string, string>> }
);

/** The descriptor fields a tool is built from. */
export type ToolDescriptor = Pick<ModuleDescriptor, 'moduleId' | 'description' | 'inputSchema'> &
  Partial<Pick<ModuleDescriptor, 'annotations' | 'examples'>>;

/**
 * Options of {@link toExportedTool}.
 *
 * @example
 * ```ts
 * const options: ToExportedToolOptions = { embedAnnotations: true };
 * ```
 */
export interface ToExportedToolOptions {
  /**
   * Append the annotation suffix (`\n\n[Annotations: readonly=true]`) and the `mcp_`-prefixed
   * keys of `annotations.extra` (`\n\ncategory: image`) to the description.
   */
  embedAnnotations?: boolean;
  /** Receives the schema conversion's warnings. */
  logger?: Logger;
}

/**
 * One module as a provider-neutral tool: its safe tool name, its description (with the
 * annotations embedded when asked), its input schema converted (`$ref`s inlined, an object
 * root). Never mutates the descriptor.
 *
 * @throws {InvalidToolNameError} when the module id has no valid tool name.
 * @throws {SchemaConversionError} when the input schema cannot be converted.
 * @example
 * ```ts
 * toExportedTool(registry.getDefinition('image.resize')!).name; // 'image-resize'
 * ```
 */
export function toExportedTool(
  descriptor: ToolDescriptor,
  options: ToExportedToolOptions = {},
): ExportedTool {
  const { moduleId } = descriptor;
  const name = toExportedToolName(moduleId);
  const converter = new SchemaConverter(
    options.logger === undefined ? {} : { logger: options.logger },
  );
  const inputSchema = converter.convertInputSchema(descriptor);
  const annotations = descriptor.annotations ?? null;
  const suffix =
    options.embedAnnotations === true
      ? `${toDescriptionSuffix(annotations)}${toExtraDescription(annotations)}`
      : '';
  const text = typeof descriptor.description === 'string' ? descriptor.description : '';
  const tool: ExportedTool = { name, description: `${text}${suffix}`, inputSchema, moduleId };
  const inputExamples = readInputExamples(descriptor.examples);
  if (inputExamples.length > 0) tool.inputExamples = inputExamples;
  return tool;
}

/** The examples' inputs that are objects, copied: the descriptor stays untouched. */
function readInputExamples(examples: unknown): Record<string, unknown>[] {
  if (!Array.isArray(examples)) return [];
  return examples.flatMap((example) => {
    const inputs = isPlainObject(example) ? example.inputs : undefined;
    return isPlainObject(inputs) ? [copyJson(inputs)] : [];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Options of {@link toExportedGroupedTool}.
 *
 * @example
 * ```ts
 * const options: ToExportedGroupedToolOptions = { embedAnnotations: true, annotations: { readonly: true } };
 * ```
 */
export interface ToExportedGroupedToolOptions {
  /** Append the aggregated annotation suffix to the description. */
  embedAnnotations?: boolean;
  /** Encodes the description's action table (pass `@apcore-mcp/toon`'s `encodeActionTable` for TOON). */
  encodeTable?: EncodeActionTable;
  /** Annotations stated for the group; they win over the aggregate of its actions. */
  annotations?: GroupAnnotations[string];
}

/**
 * One tool standing for several modules (a group, see `planToolGroups`): a required `action`
 * enum plus the merged fields with their tiers, the generated description (plus the aggregated
 * annotation suffix with `embedAnnotations`), and each action's module id.
 *
 * @throws {InvalidToolNameError} when the group has no valid tool name.
 * @example
 * ```ts
 * toExportedGroupedTool('orders', actions).actions; // { place: 'orders.place', cancel: 'orders.cancel' }
 * ```
 */
export function toExportedGroupedTool(
  group: string,
  actions: readonly GroupAction[],
  options: ToExportedGroupedToolOptions = {},
): ExportedTool {
  const name = toExportedToolName(group);
  const parts = composeGroupedTool({
    group,
    actions,
    encodeTable: options.encodeTable,
    annotations: options.annotations,
  });
  const suffix = options.embedAnnotations === true ? toDescriptionSuffix(parts.annotations) : '';
  return {
    name,
    description: `${parts.description}${suffix}`,
    inputSchema: parts.inputSchema,
    group,
    actions: Object.fromEntries(actions.map((entry) => [entry.action, entry.moduleId])),
  };
}
