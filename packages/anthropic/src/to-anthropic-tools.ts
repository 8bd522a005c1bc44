import type { ExecutorLike, RegistryLike } from '@apcore-mcp/core/bridge';
import {
  type ExportToolsOptions,
  exportTools,
  InvalidArgumentError,
  type SkippedModule,
  type ToolGroups,
} from '@apcore-mcp/tool-export';
import { StrictBudget } from './strict-budget.js';
import { type ToAnthropicToolOptions, toAnthropicWireTool } from './to-anthropic-tool.js';
import type { AnthropicCacheControl, AnthropicTool } from './types.js';

/**
 * Options of {@link toAnthropicTools} and {@link toAnthropicToolsDetailed}: the shared export's
 * filters and grouping (route grouped tools' calls back with `dispatchAnthropicToolUse(..., {
 * groups })`), the single tool's options (`embedAnnotations`, `strict`, ...) and `cacheControl`.
 *
 * @example
 * ```ts
 * const options: ToAnthropicToolsOptions = { tags: ['shop'], strict: true, cacheControl: { type: 'ephemeral' } };
 * ```
 */
export interface ToAnthropicToolsOptions extends ToAnthropicToolOptions, ExportToolsOptions {
  /**
   * A prompt-caching breakpoint put on the last tool, which caches every tool definition
   * before it: `{ type: 'ephemeral' }` or with `ttl: '1h'`.
   */
  cacheControl?: AnthropicCacheControl;
}

/**
 * The tools, the modules left out (each once, with every reason) and the grouped tools.
 *
 * @example
 * ```ts
 * const { tools, skipped }: AnthropicToolsResult = toAnthropicToolsDetailed(registry);
 * ```
 */
export interface AnthropicToolsResult {
  tools: AnthropicTool[];
  skipped: SkippedModule[];
  /** With `grouping`: the grouped tools, by name, each action's module id. */
  groups?: AnthropicToolGroups;
}

/**
 * The grouped tools of an export: by tool name, each action's module id.
 *
 * @example
 * ```ts
 * const groups: AnthropicToolGroups = { orders: { place_order: 'orders.place_order' } };
 * ```
 */
export type AnthropicToolGroups = ToolGroups;

function readCacheControl(value: unknown): AnthropicCacheControl | undefined {
  if (value === undefined || value === null) return undefined;
  const record = typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const ttl = record.ttl;
  const keys = Object.keys(record).filter((key) => key !== 'type' && key !== 'ttl');
  if (
    record.type !== 'ephemeral' ||
    (ttl !== undefined && ttl !== '5m' && ttl !== '1h') ||
    keys.length > 0
  ) {
    throw new InvalidArgumentError(
      `cacheControl must be { type: 'ephemeral' } with an optional ttl of '5m' or '1h', got ${JSON.stringify(value)}`,
      { argument: 'cacheControl' },
    );
  }
  return ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl };
}

/**
 * {@link toAnthropicTools}, also returning the modules it left out and why (for reports such
 * as the CLI's export) and, with `grouping`, the grouped tools.
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, an invalid
 *   filter, grouping or `cacheControl`.
 * @throws {ToolNameCollisionError} when two modules would get the same tool name.
 * @example
 * ```ts
 * const { tools, skipped } = toAnthropicToolsDetailed(registry, { strict: true });
 * for (const { moduleId, reasons } of skipped) console.error(`${moduleId}: ${reasons.join('; ')}`);
 * ```
 */
export function toAnthropicToolsDetailed(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToAnthropicToolsOptions = {},
): AnthropicToolsResult {
  const cacheControl = readCacheControl(options.cacheControl);
  const budget = new StrictBudget();
  const exported = exportTools(registryOrExecutor, options, {
    provider: 'Anthropic',
    build(tool) {
      const wire = toAnthropicWireTool(tool, options);
      const subject =
        tool.group === undefined ? `module "${tool.moduleId}"` : `grouped tool "${tool.group}"`;
      budget.admit(
        wire,
        tool.moduleId === undefined ? { subject } : { subject, moduleId: tool.moduleId },
      );
      return wire;
    },
  });
  const last = exported.tools.at(-1);
  if (cacheControl !== undefined && last !== undefined) last.cache_control = cacheControl;
  return exported.groups === undefined
    ? { tools: exported.tools, skipped: exported.skipped }
    : { tools: exported.tools, skipped: exported.skipped, groups: exported.groups };
}

/**
 * An apcore registry's modules (or an executor's registry's) as Anthropic Messages API tools:
 * `[{ name, description, input_schema, strict?, input_examples?, cache_control? }]`, plain
 * objects ready for `messages.create({ tools })`. Names are the MCP server's safe tool names
 * (`image.resize` -> `image-resize`), schemas have their `$ref`s inlined; `embedAnnotations`
 * appends the annotation suffix to descriptions; `strict` rewrites schemas for strict tool use
 * and adds `strict: true`; `cacheControl` marks the last tool as a prompt-caching breakpoint;
 * `tags`, `anyTags`, `excludeTags` and `prefix` filter the modules; `grouping` folds them into
 * grouped tools. Every tool is checked against Anthropic's rules (the name, an object root
 * without `anyOf`/`oneOf`/`allOf`, strict tool use's subset and request limits): a module
 * that would be refused is skipped with a warning naming it and why, never sent broken. Pure:
 * no I/O, nothing mutated.
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, an invalid
 *   filter, grouping or `cacheControl`.
 * @throws {ToolNameCollisionError} when two modules would get the same tool name.
 * @example
 * ```ts
 * const tools = toAnthropicTools(registry, { embedAnnotations: true, cacheControl: { type: 'ephemeral' } });
 * await anthropic.messages.create({ model, max_tokens: 1024, messages, tools });
 * ```
 */
export function toAnthropicTools(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ToAnthropicToolsOptions = {},
): AnthropicTool[] {
  return toAnthropicToolsDetailed(registryOrExecutor, options).tools;
}
