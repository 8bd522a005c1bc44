import { toExtraDescription, toMcpAnnotations, toToolMeta } from '@apcore-mcp/annotations';
import {
  type Logger,
  listModules,
  MODULE_ID_META_KEY,
  type ModuleDescriptor,
  type ModuleFilter,
  type RegistryLike,
  readTaskStart,
  readTaskSupport,
  silentLogger,
  type ToolNameStyle,
  ToolNameTable,
  toModuleFilter,
  toToolName,
} from '@apcore-mcp/core/bridge';
import { allowRedactedValues, SchemaConverter } from '@apcore-mcp/schema';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServedTool } from '../kernel/served-tool.js';
import { addAppUiMeta } from './app-ui-meta.js';
import { type DisplayOverlay, readDisplayOverlay } from './display-overlay.js';
import { describeSchemaProblems, describeToolProblems } from './tool-checks.js';

/**
 * Options of {@link ToolBuilder}.
 *
 * @example
 * ```ts
 * const builder = new ToolBuilder({ logger, schemaConverter: new SchemaConverter() });
 * ```
 */
export interface ToolBuilderOptions {
  /** Receives the warnings about skipped modules. Silent when absent. */
  logger?: Logger;
  /** The converter for module schemas; a default one when absent. */
  schemaConverter?: SchemaConverter;
  /** How modules are named as tools; default `'safe'` (see `toToolName` in `@apcore-mcp/core`). */
  toolNames?: ToolNameStyle;
  /**
   * Whether results are redacted (`redactOutput`, default true): an advertised output schema
   * then also accepts `***REDACTED***` where a value is secret.
   */
  redactOutput?: boolean;
}

/**
 * A module {@link ToolBuilder.buildTools} left out, and why.
 *
 * @example
 * ```ts
 * const skipped: SkippedModule = { moduleId: 'a.b', reason: 'circular $ref' };
 * ```
 */
export interface SkippedModule {
  moduleId: string;
  reason: string;
  /** The file the module was loaded from, when its registry knows it (`fileOf`). */
  file?: string;
}

/**
 * What {@link ToolBuilder.buildTools} built and what it skipped.
 *
 * @example
 * ```ts
 * const { tools, skipped }: BuildToolsResult = builder.buildTools(registry);
 * ```
 */
export interface BuildToolsResult {
  tools: ServedTool[];
  skipped: SkippedModule[];
  /** The names of `tools`, by module id (a live table goes on from it). */
  names: ToolNameTable;
}

/**
 * Builds MCP tools from apcore module descriptors: names, titles, converted schemas, annotations.
 *
 * @example
 * ```ts
 * const builder = new ToolBuilder({ logger });
 * const { tools, skipped } = builder.buildTools(registry, { tags: ['public'] });
 * ```
 */
export class ToolBuilder {
  readonly #logger: Logger;
  readonly #converter: SchemaConverter;
  readonly #redactOutput: boolean;
  /** How this builder names modules as tools. */
  readonly toolNames: ToolNameStyle;

  constructor(options: ToolBuilderOptions = {}) {
    this.#logger = options.logger ?? silentLogger;
    this.#converter = options.schemaConverter ?? new SchemaConverter({ logger: this.#logger });
    this.toolNames = options.toolNames ?? 'safe';
    this.#redactOutput = options.redactOutput ?? true;
  }

  /**
   * One MCP tool for one module: its tool name (see `toolNames`; `display.mcp.alias` instead when
   * the module has one), the module's name as `title` (its id when it has none), description (see
   * {@link describeTool}), converted input schema, output schema when the module declares a
   * non-empty object one, mapped annotations, and the apcore facts in `_meta` (the module id
   * under `apcore/moduleId`; a module's UI under `ui.resourceUri`). Schemas are converted here,
   * once, from copies: later in-place rewrites of the descriptor (apcore-js does that) change
   * nothing.
   *
   * @throws when the module id has no tool name, its display overlay is malformed (an alias
   *   that is no valid tool name) or a schema cannot be converted.
   * @example
   * ```ts
   * const tool = builder.buildTool(registry.getDefinition('image.resize')!);
   * tool.name; // 'image-resize'
   * ```
   */
  buildTool(descriptor: ModuleDescriptor): McpTool {
    const { moduleId } = descriptor;
    const overlay = readDisplayOverlay(descriptor);
    const name = overlay.alias ?? toToolName(moduleId, this.toolNames);
    const title =
      typeof descriptor.name === 'string' && descriptor.name !== '' ? descriptor.name : moduleId;
    const tool: McpTool = {
      name,
      title,
      description: describeTool(descriptor, overlay),
      inputSchema: this.#converter.convertInputSchema(descriptor) as McpTool['inputSchema'],
      annotations: toMcpAnnotations(descriptor.annotations ?? null, { title }),
      _meta: this.#buildMeta(descriptor),
    };
    const outputSchema = this.#buildOutputSchema(descriptor);
    if (outputSchema !== undefined) tool.outputSchema = outputSchema;
    const taskSupport = readTaskSupport(descriptor.annotations);
    if (taskSupport !== 'forbidden') tool.execution = { taskSupport };
    return tool;
  }

  /**
   * Tools for every module of a registry that passes the filters (`tags`: all present;
   * `anyTags`: one present; `excludeTags`: none present; `prefix`: id starts with it). A module that cannot be built is skipped with a warning naming
   * it and the reason; the others are still served.
   *
   * @throws {ToolNameCollisionError} when two modules would get the same tool name.
   * @example
   * ```ts
   * const { tools, skipped } = builder.buildTools(registry, { prefix: 'image.' });
   * ```
   */
  buildTools(registry: RegistryLike, filter: ModuleFilter = {}): BuildToolsResult {
    const tools: ServedTool[] = [];
    const skipped: SkippedModule[] = [];
    const names = new ToolNameTable(this.toolNames);
    for (const moduleId of listModules(registry, toModuleFilter(filter))) {
      const outcome = this.tryBuildTool(registry, moduleId);
      if ('skipped' in outcome) {
        skipped.push(outcome.skipped);
        continue;
      }
      names.add(moduleId, outcome.served.tool.name);
      tools.push(outcome.served);
    }
    return { tools, skipped, names };
  }

  /**
   * Builds the tool of one registered module, or says why it could not (after logging a
   * warning naming the module, its file when the registry knows it, and the reason). A module
   * is left out when its schemas are not valid JSON Schema or its tool breaks the MCP `Tool`
   * schema (see `tool-checks.ts`): a client that validates the list would refuse every tool
   * over it. Never throws; whether its name is free is the caller's to check.
   *
   * @example
   * ```ts
   * const outcome = builder.tryBuildTool(registry, 'image.resize');
   * if ('served' in outcome) console.log(outcome.served.tool.name);
   * ```
   */
  tryBuildTool(
    registry: RegistryLike,
    moduleId: string,
  ): { served: ServedTool } | { skipped: SkippedModule } {
    let reason: string;
    try {
      // Checks and conversion only read the schemas and build new ones: no need for copies.
      const descriptor = registry.getDefinition(moduleId, { copy: false });
      if (!descriptor) {
        reason = 'the registry has no definition for it';
      } else {
        const built = this.#buildChecked(descriptor);
        if (typeof built !== 'string') {
          const outputSchema = this.#unadvertised(descriptor, built);
          return { served: toServedTool(moduleId, descriptor, built, outputSchema) };
        }
        reason = built;
      }
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    const file = registry.fileOf?.(moduleId) ?? undefined;
    const where = file === undefined ? '' : ` (${file})`;
    this.#logger.warn({ moduleId, file, reason }, `Skipping module ${moduleId}${where}: ${reason}`);
    return { skipped: { moduleId, reason, ...(file === undefined ? {} : { file }) } };
  }

  /** The module's tool, or why it must not be served. */
  #buildChecked(descriptor: ModuleDescriptor): McpTool | string {
    const schemaProblems = describeSchemaProblems(descriptor);
    if (schemaProblems !== undefined) return schemaProblems;
    const tool = this.buildTool(descriptor);
    return describeToolProblems(tool) ?? tool;
  }

  #buildMeta(descriptor: ModuleDescriptor): Record<string, unknown> {
    // Built in place, not by spreading: a served tool keeps its `_meta`, and each spread leaves
    // an oversized object behind.
    const meta: Record<string, unknown> = toToolMeta(descriptor.annotations ?? null);
    meta[MODULE_ID_META_KEY] = descriptor.moduleId;
    if (Array.isArray(descriptor.tags) && descriptor.tags.length > 0) {
      meta['apcore/tags'] = descriptor.tags.slice();
    }
    if (typeof descriptor.version === 'string') meta['apcore/version'] = descriptor.version;
    addAppUiMeta(meta, descriptor);
    return meta;
  }

  /** The output schema the tool does not advertise (a non-object root), for redaction. */
  #unadvertised(descriptor: ModuleDescriptor, tool: McpTool): Record<string, unknown> | undefined {
    if (tool.outputSchema !== undefined || !this.#redactOutput) return undefined;
    const converted = this.#converter.convertOutputSchema(descriptor);
    return Object.keys(converted).length === 0 ? undefined : converted;
  }

  #buildOutputSchema(descriptor: ModuleDescriptor): McpTool['outputSchema'] | undefined {
    const converted = this.#converter.convertOutputSchema(descriptor);
    if (Object.keys(converted).length === 0) return undefined;
    if (converted.type !== 'object') {
      // MCP only accepts object output schemas; the tool still answers with text.
      this.#logger.debug(
        { moduleId: descriptor.moduleId },
        'Output schema root is not an object; not advertised',
      );
      return undefined;
    }
    const advertised = this.#redactOutput ? allowRedactedValues(converted) : converted;
    return advertised as McpTool['outputSchema'];
  }
}

/**
 * A tool's description: the display overlay's (`display.mcp.description`) or the module's, then
 * the `mcp_`-prefixed keys of `annotations.extra` (`\n\ncategory: image`, F-041), then the
 * overlay's guidance (`\n\nGuidance: <text>`).
 */
function describeTool(descriptor: ModuleDescriptor, overlay: DisplayOverlay): string {
  const own = typeof descriptor.description === 'string' ? descriptor.description : '';
  const extra = toExtraDescription(descriptor.annotations ?? null);
  const guidance = overlay.guidance === undefined ? '' : `\n\nGuidance: ${overlay.guidance}`;
  return `${overlay.description ?? own}${extra}${guidance}`;
}

/** A built tool as served: with how its calls become tasks, when its module supports them. */
function toServedTool(
  moduleId: string,
  descriptor: ModuleDescriptor,
  tool: McpTool,
  outputSchema: Record<string, unknown> | undefined,
): ServedTool {
  const support = tool.execution?.taskSupport;
  const served: ServedTool =
    outputSchema === undefined ? { moduleId, tool } : { moduleId, tool, outputSchema };
  if (support === undefined) return served;
  return { ...served, task: { support, start: readTaskStart(descriptor.annotations) } };
}
