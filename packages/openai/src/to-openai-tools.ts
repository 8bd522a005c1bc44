import type { ExecutorLike, RegistryLike } from '@apcore-mcp/core/bridge';
import { type ExportToolsOptions, exportTools } from '@apcore-mcp/tool-export';
import type { OpenaiToolGroups } from './route-grouped-call.js';
import { type ToOpenaiToolOptions, toOpenaiWireTool } from './to-openai-tool.js';
import type { OpenAITool } from './types.js';

/**
 * Options of {@link toOpenaiTools} and {@link toOpenaiToolsDetailed}: the shared export's filters
 * and grouping (route grouped functions' calls back with `dispatchToolCalls(..., { groups })` or
 * `routeGroupedCall`) and the single tool's options (`embedAnnotations`, `strict`, ...).
 */
export interface ToOpenaiToolsOptions extends ToOpenaiToolOptions, ExportToolsOptions {}

/**
 * A module left out of the tools, and why.
 *
 * @example
 * ```ts
 * const entry: SkippedModule = { moduleId: 'my-module.run', reason: 'Module id "my-module.run" contains a hyphen ...' };
 * ```
 */
export interface SkippedModule {
  moduleId: string;
  reason: string;
  /** The error's `code` when it had one (`INVALID_TOOL_NAME`, `SCHEMA_CONVERSION_ERROR`, `STRICT_MODE_VIOLATION`, ...). */
  code?: string;
}

/**
 * The tools and the modules left out.
 *
 * @example
 * ```ts
 * const { tools, skipped }: OpenaiToolsResult = toOpenaiToolsDetailed(registry);
 * ```
 */
export interface OpenaiToolsResult {
  tools: OpenAITool[];
  skipped: SkippedModule[];
  /** With `grouping`: the grouped functions, by name, each action's module id. */
  groups?: OpenaiToolGroups;
}

/**
 * {@link toOpenaiTools}, also returning the modules it left out and why (for reports such as
 * the CLI's `openai export`).
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, or an empty
 *   tag or prefix.
 * @throws {ToolNameCollisionError} when two modules would get the same function name.
 * @example
 * ```ts
 * const { tools, skipped } = toOpenaiToolsDetailed(registry, { strict: true });
 * for (const { moduleId, reason } of skipped) console.error(`${moduleId}: ${reason}`);
 * ```
 */
export function toOpenaiToolsDetailed(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToOpenaiToolsOptions = {},
): OpenaiToolsResult {
  const exported = exportTools(registryOrExecutor, options, {
    provider: 'OpenAI',
    build: (tool) => toOpenaiWireTool(tool, options),
  });
  const skipped = exported.skipped.map(({ moduleId, reasons, code }) => {
    const entry: SkippedModule = { moduleId, reason: reasons.join('\n') };
    if (code !== undefined) entry.code = code;
    return entry;
  });
  return exported.groups === undefined
    ? { tools: exported.tools, skipped }
    : { tools: exported.tools, skipped, groups: exported.groups };
}

/**
 * An apcore registry's modules (or an executor's registry's) as OpenAI function-calling tools:
 * `[{ type: 'function', function: { name, description, parameters, strict? } }]`, plain objects
 * ready for `chat.completions.create({ tools })`. Names are the MCP server's safe tool names
 * (`image.resize` -> `image-resize`; over 64 characters, a readable head and a hash), schemas have their `$ref`s inlined; `embedAnnotations` appends the annotation
 * suffix to descriptions; `strict` rewrites schemas for strict mode, checks them against
 * OpenAI's limits and adds `strict: true`; `tags` (all of them), `anyTags` (at least one),
 * `excludeTags` (none of them) and `prefix` filter the modules, combined with AND. A module
 * whose name or schema does not fit is skipped with a warning naming it and why; an empty
 * registry gives `[]`. Pure: no I/O, nothing mutated.
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, or an empty
 *   tag or prefix.
 * @throws {ToolNameCollisionError} when two modules would get the same function name.
 * @example
 * ```ts
 * const tools = toOpenaiTools(registry, { strict: true, embedAnnotations: true });
 * await openai.chat.completions.create({ model: 'gpt-4o', messages, tools });
 * ```
 */
export function toOpenaiTools(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToOpenaiToolsOptions = {},
): OpenAITool[] {
  return toOpenaiToolsDetailed(registryOrExecutor, options).tools;
}
