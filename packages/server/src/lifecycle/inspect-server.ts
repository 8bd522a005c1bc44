import { silentLogger, toModuleFilter } from '@apcore-mcp/core/bridge';
import { AppResources } from '../features/apps/app-resources.js';
import { DocumentationResources } from '../features/docs/documentation-resources.js';
import type { McpResource } from '../kernel/mcp-resource.js';
import type { ServedTool } from '../kernel/served-tool.js';
import { resolveOptions } from '../options/resolve-options.js';
import type { ServeOptions } from '../options/serve-options.js';
import { type SkippedModule, ToolBuilder } from '../tools/tool-builder.js';
import { ToolTable } from '../tools/tool-table.js';
import { loadToolTablePackages } from './load-tool-table-packages.js';
import { type RegistryOrExecutor, resolveRegistry } from './resolve-target.js';

/**
 * What `serve()` would serve for a registry, found without serving it.
 *
 * @example
 * ```ts
 * const { tools, skipped } = await inspectServer(registry);
 * for (const { tool, moduleId } of tools) console.log(tool.name, moduleId);
 * ```
 */
export interface ServerInventory {
  /**
   * The tools, in registration order, each with the module it runs (a grouped tool: its group,
   * with each action's module entry in `actions`).
   */
  tools: ServedTool[];
  /** The modules left out (their schema would not convert, their id has no tool name), and why. */
  skipped: SkippedModule[];
  /** The `docs://<module id>` and `ui://` (Apps) resources served for these tools. */
  listResources(): McpResource[];
}

/**
 * The options {@link inspectServer} reads: those that decide which tools there are and their
 * names. Skipped modules are also logged as warnings to `logger` (silent by default).
 *
 * @example
 * ```ts
 * const options: InspectOptions = { tags: ['public'], toolNames: 'safe' };
 * ```
 */
export type InspectOptions = Pick<
  ServeOptions,
  | 'tags'
  | 'anyTags'
  | 'excludeTags'
  | 'prefix'
  | 'toolNames'
  | 'logger'
  | 'grouping'
  | 'maxTools'
  | 'toonDescriptions'
  | 'groupAnnotations'
>;

/**
 * Builds the tool table `serve()` would build — same names, titles, schemas, annotations,
 * filters and skips — and the documentation resources it would list, without starting anything.
 * What `apcore-mcp tools list` prints. With `toonDescriptions`, `@apcore-mcp/toon` is loaded
 * first.
 *
 * @throws {ToolNameCollisionError} when two modules would get the same tool name.
 * @throws {InvalidOptionError} for a bad option.
 * @throws {TypeError} for a bad registry, executor or server.
 * @throws {MissingPackageError} when `toonDescriptions` is on and `@apcore-mcp/toon` is not installed.
 * @example
 * ```ts
 * const { tools, skipped } = await inspectServer(registry, { prefix: 'image.' });
 * console.log(`${tools.length} tools, ${skipped.length} skipped`);
 * ```
 */
export async function inspectServer(
  registryOrExecutor: RegistryOrExecutor,
  options: InspectOptions = {},
): Promise<ServerInventory> {
  const registry = resolveRegistry(registryOrExecutor);
  const resolved = resolveOptions(options, {
    transport: 'stdio',
    handleSignals: false,
    allowAnyPort: true,
  });
  const { encodeTable } = await loadToolTablePackages({ grouping: resolved.grouping });
  const table = new ToolTable({
    registry,
    builder: new ToolBuilder({
      logger: resolved.logger ?? silentLogger,
      toolNames: resolved.toolNames,
      redactOutput: resolved.redactOutput,
    }),
    ...toModuleFilter(resolved),
    grouping: resolved.grouping,
    encodeTable,
  });
  const { skipped } = table.refresh();
  return {
    tools: table.list(),
    skipped,
    listResources: () => [
      ...new DocumentationResources({ registry, tools: table }).list(),
      ...new AppResources({ registry, tools: table }).list(),
    ],
  };
}
