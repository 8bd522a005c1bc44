import {
  type EncodeActionTable,
  type GroupAnnotations,
  type GroupingOption,
  parseGroupingOption,
  parseMaxTools,
  resolveGroupAnnotations,
} from '@apcore-mcp/annotations';
import {
  type ExecutorLike,
  type Logger,
  listModules,
  type ModuleFilter,
  type RegistryLike,
  ToolNameTable,
  toModuleFilter,
} from '@apcore-mcp/core/bridge';
import { exportGroupedTools } from './export-grouped-tools.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { resolveRegistry } from './resolve-registry.js';
import type { OpenaiToolGroups } from './route-grouped-call.js';
import { type ToOpenaiToolOptions, toOpenaiTool } from './to-openai-tool.js';
import type { OpenAITool } from './types.js';

/** Options of {@link toOpenaiTools} and {@link toOpenaiToolsDetailed}. */
export interface ToOpenaiToolsOptions extends ToOpenaiToolOptions {
  /** Only modules that have every one of these tags. Each must be a non-empty string. */
  tags?: readonly string[];
  /** Only modules that have at least one of these tags. Each must be a non-empty string. */
  anyTags?: readonly string[];
  /** Leave out modules that have any of these tags. Each must be a non-empty string. */
  excludeTags?: readonly string[];
  /** Only modules whose id starts with this. Must be non-empty. */
  prefix?: string;
  /** Receives a warning for every skipped module (and the strict-mode warnings). */
  logger?: Logger;
  /**
   * Fold modules into grouped functions, as the MCP server's `grouping` option does: `'none'`
   * (default), `'namespace'`, `'auto'` (above `maxTools` modules) or a function. Route the
   * model's calls back with `dispatchToolCalls(..., { groups })` or `routeGroupedCall`.
   */
  grouping?: GroupingOption;
  /** The function count `grouping: 'auto'` keeps to; default 40. */
  maxTools?: number;
  /** Encodes grouped functions' action tables (pass `@apcore-mcp/toon`'s `encodeActionTable` for TOON). */
  encodeTable?: EncodeActionTable;
  /**
   * Annotations stated per group (`{ orders: { destructive: true } }`), winning over the
   * aggregate of its modules, as the MCP server's `groupAnnotations` option does.
   */
  groupAnnotations?: GroupAnnotations;
}

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

function readGrouping(options: ToOpenaiToolsOptions): {
  grouping: GroupingOption;
  maxTools: number;
  groupAnnotations: GroupAnnotations;
} {
  try {
    return {
      grouping: parseGroupingOption(options.grouping),
      maxTools: parseMaxTools(options.maxTools),
      groupAnnotations: resolveGroupAnnotations(options.groupAnnotations),
    };
  } catch (error) {
    const message = (error as Error).message;
    const argument = ['maxTools', 'groupAnnotations'].find((name) => message.includes(name));
    throw new InvalidArgumentError(message, { argument: argument ?? 'grouping' });
  }
}

const TAG_LISTS = ['tags', 'anyTags', 'excludeTags'] as const;

function validateFilters(options: ToOpenaiToolsOptions): ModuleFilter {
  for (const argument of TAG_LISTS) {
    const tags: unknown = options[argument];
    if (tags === undefined || tags === null) continue;
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || tag === '')) {
      throw new InvalidArgumentError(`${argument} must be a list of non-empty strings`, {
        argument,
      });
    }
  }
  const { prefix } = options;
  if (prefix !== undefined && prefix !== null && (typeof prefix !== 'string' || prefix === '')) {
    throw new InvalidArgumentError('prefix must be a non-empty string', { argument: 'prefix' });
  }
  return toModuleFilter(options);
}

function describeFailure(error: unknown): { reason: string; code?: string } {
  const reason = error instanceof Error ? error.message : String(error);
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? { reason, code } : { reason };
}

function convertModule(
  registry: RegistryLike,
  moduleId: string,
  options: ToOpenaiToolsOptions,
): OpenAITool | SkippedModule {
  try {
    // Conversion only reads the schemas and builds new ones: no need for copies of them.
    const descriptor = registry.getDefinition(moduleId, { copy: false });
    if (descriptor === null || descriptor === undefined) {
      return { moduleId, reason: 'the registry has no definition for it' };
    }
    return toOpenaiTool(descriptor, options);
  } catch (error) {
    return { moduleId, ...describeFailure(error) };
  }
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
  const registry = resolveRegistry(registryOrExecutor);
  const filters = validateFilters(options);
  const { grouping, maxTools, groupAnnotations } = readGrouping(options);
  if (grouping !== 'none') {
    const exported = exportGroupedTools(registry, {
      ...options,
      grouping,
      maxTools,
      groupAnnotations,
      filters,
    });
    const skipped = exported.failures.map(({ moduleId, error }) => {
      const entry = { moduleId, ...describeFailure(error) };
      warnSkipped(options, entry);
      return entry;
    });
    return { tools: exported.tools, skipped, groups: exported.groups };
  }
  const tools: OpenAITool[] = [];
  const skipped: SkippedModule[] = [];
  const names = new ToolNameTable('safe');
  for (const moduleId of listModules(registry, filters)) {
    const outcome = convertModule(registry, moduleId, options);
    if ('type' in outcome) {
      // Throws when another module already has this name: a model's call by it would be ambiguous.
      names.add(moduleId);
      tools.push(outcome);
    } else {
      skipped.push(outcome);
      warnSkipped(options, outcome);
    }
  }
  return { tools, skipped };
}

function warnSkipped(options: ToOpenaiToolsOptions, { moduleId, reason }: SkippedModule): void {
  options.logger?.warn(
    { moduleId, reason },
    `Skipping module "${moduleId}" for OpenAI tools: ${reason}`,
  );
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
