import type { ExecutorLike, RegistryLike } from '@apcore-mcp/core/bridge';
import {
  type ExportToolsOptions,
  exportTools,
  type SkippedModule,
  type ToolGroups,
} from '@apcore-mcp/tool-export';
import { type ToGeminiToolOptions, toGeminiDeclaration } from './to-gemini-tool.js';
import type { GeminiFunctionDeclarationFor, GeminiSchemaField, GeminiTool } from './types.js';

/**
 * Options of {@link toGeminiTools}: the shared export's filters and grouping (`tags`, `anyTags`,
 * `excludeTags`, `prefix`, `grouping`, ...) and the single declaration's options
 * (`embedAnnotations`, `schemaField`, `dropUnsupportedKeywords`).
 *
 * @example
 * ```ts
 * const options: ToGeminiToolsOptions = { tags: ['shop'], schemaField: 'parameters' };
 * ```
 */
export interface ToGeminiToolsOptions<F extends GeminiSchemaField = GeminiSchemaField>
  extends ToGeminiToolOptions<F>,
    ExportToolsOptions {}

/**
 * The declarations and the modules left out.
 *
 * @example
 * ```ts
 * const { functionDeclarations, skipped }: GeminiToolsResult = toGeminiToolsDetailed(registry);
 * ```
 */
export interface GeminiToolsResult<F extends GeminiSchemaField = 'parametersJsonSchema'> {
  functionDeclarations: GeminiFunctionDeclarationFor<F>[];
  /** Each module left out once, with every reason. */
  skipped: SkippedModule[];
  /** With `grouping`: the grouped functions, by name, each action's module id. */
  groups?: ToolGroups;
}

/**
 * {@link toGeminiTools}, also returning the modules it left out and why (for reports such as
 * the CLI's `export --format gemini`) and, with `grouping`, the grouped functions.
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, or an
 *   invalid filter or grouping option.
 * @throws {ToolNameCollisionError} when two modules would get the same function name.
 * @example
 * ```ts
 * const { functionDeclarations, skipped } = toGeminiToolsDetailed(registry);
 * for (const { moduleId, reasons } of skipped) console.error(moduleId, reasons.join('\n'));
 * ```
 */
export function toGeminiToolsDetailed<F extends GeminiSchemaField = 'parametersJsonSchema'>(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToGeminiToolsOptions<F> = {},
): GeminiToolsResult<F> {
  const exported = exportTools(registryOrExecutor, options, {
    provider: 'Gemini',
    build: (tool) => toGeminiDeclaration(tool, options) as GeminiFunctionDeclarationFor<F>,
  });
  const result: GeminiToolsResult<F> = {
    functionDeclarations: exported.tools,
    skipped: exported.skipped,
  };
  if (exported.groups !== undefined) result.groups = exported.groups;
  return result;
}

/**
 * An apcore registry's modules (or an executor's registry's) as Gemini function declarations,
 * plain objects for `config.tools: [{ functionDeclarations }]`. Names are the MCP server's tool
 * names; schemas go in `parametersJsonSchema` (or, with `schemaField: 'parameters'`, the
 * OpenAPI-subset `parameters`), rewritten and checked against the Gemini API's rules. A module
 * that does not fit is left out with a warning naming every reason (see
 * {@link toGeminiToolsDetailed}). Pure: no I/O, nothing mutated.
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, or an
 *   invalid filter or grouping option.
 * @throws {ToolNameCollisionError} when two modules would get the same function name.
 * @example
 * ```ts
 * const functionDeclarations = toGeminiTools(registry, { embedAnnotations: true });
 * await ai.models.generateContent({ model, contents, config: { tools: [{ functionDeclarations }] } });
 * ```
 */
export function toGeminiTools<F extends GeminiSchemaField = 'parametersJsonSchema'>(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToGeminiToolsOptions<F> = {},
): GeminiFunctionDeclarationFor<F>[] {
  return toGeminiToolsDetailed(registryOrExecutor, options).functionDeclarations;
}

/**
 * {@link toGeminiTools} wrapped as a request's `tools` list: `[{ functionDeclarations }]`, or
 * `[]` when no module fits.
 *
 * @example
 * ```ts
 * await ai.models.generateContent({ model, contents, config: { tools: toGeminiToolList(registry) } });
 * ```
 */
export function toGeminiToolList<F extends GeminiSchemaField = 'parametersJsonSchema'>(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToGeminiToolsOptions<F> = {},
): GeminiTool<GeminiFunctionDeclarationFor<F>>[] {
  const functionDeclarations = toGeminiTools(registryOrExecutor, options);
  return functionDeclarations.length === 0 ? [] : [{ functionDeclarations }];
}
