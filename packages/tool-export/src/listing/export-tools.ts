import { type GroupAction, planToolGroups, type ToolPlan } from '@apcore-mcp/annotations';
import {
  type ExecutorLike,
  listModules,
  type ModuleDescriptor,
  type ModuleFilter,
  type RegistryLike,
  ToolNameTable,
} from '@apcore-mcp/core/bridge';
import { type ExportedTool, toExportedGroupedTool, toExportedTool } from '../exported-tool.js';
import type { ToolGroups } from '../route-grouped-call.js';
import {
  type ExportToolsOptions,
  type GroupingSettings,
  readFilters,
  readGrouping,
} from './export-options.js';
import { resolveRegistry } from './resolve-registry.js';
import {
  describeFailure,
  ownFailures,
  type SkippedModule,
  SkippedModules,
} from './skipped-modules.js';

/**
 * What a provider package gives {@link exportTools}: its name (for the warnings) and how a
 * provider-neutral tool becomes one of its tools. `build` throws (a strict-mode violation, a
 * name the provider refuses) to leave the tool out with the error's message as the reason.
 *
 * @example
 * ```ts
 * const builder: ToolBuilder<OpenAITool> = { provider: 'OpenAI', build: (tool) => toWire(tool) };
 * ```
 */
export interface ToolBuilder<T> {
  readonly provider: string;
  build(tool: ExportedTool): T;
}

/**
 * The tools of an export, the modules it left out (each once, with all its reasons) and, with
 * a grouping, the grouped tools' actions.
 *
 * @example
 * ```ts
 * const { tools, skipped, groups }: ExportedTools<OpenAITool> = exportTools(registry, options, builder);
 * ```
 */
export interface ExportedTools<T> {
  tools: T[];
  skipped: SkippedModule[];
  /** With `grouping`: the grouped tools, by name, each action's module id. */
  groups?: ToolGroups;
}

/** A module that passed the filters and converts. */
interface Convertible {
  descriptor: ModuleDescriptor;
  tool: ExportedTool;
}

function collectConvertible(
  registry: RegistryLike,
  filters: ModuleFilter,
  options: ExportToolsOptions,
  skipped: SkippedModules,
): Map<string, Convertible> {
  const convertible = new Map<string, Convertible>();
  for (const moduleId of listModules(registry, filters)) {
    try {
      // Conversion only reads the schemas and builds new ones: no need for copies of them.
      const descriptor = registry.getDefinition(moduleId, { copy: false });
      if (descriptor === null || descriptor === undefined) {
        skipped.add(moduleId, 'the registry has no definition for it');
        continue;
      }
      convertible.set(moduleId, { descriptor, tool: toExportedTool(descriptor, options) });
    } catch (error) {
      skipped.addFailure(moduleId, error);
    }
  }
  return convertible;
}

function toGroupActions(
  plan: Extract<ToolPlan, { kind: 'group' }>,
  convertible: ReadonlyMap<string, Convertible>,
): GroupAction[] {
  return plan.members.flatMap(({ action, moduleId }) => {
    const entry = convertible.get(moduleId);
    if (entry === undefined) return [];
    const { description, annotations } = entry.descriptor;
    const text = typeof description === 'string' ? description : '';
    return [
      { action, moduleId, description: text, inputSchema: entry.tool.inputSchema, annotations },
    ];
  });
}

/**
 * Builds a grouped tool; when members' own fields break the provider's rules, those members are
 * skipped with their violations and the group is built from the others, so one module's schema
 * does not take its whole group out. A failure that is every member's (the root, the action
 * field) or that names no field skips them all.
 */
function buildGroup<T>(
  group: string,
  actions: GroupAction[],
  context: {
    options: ExportToolsOptions;
    builder: ToolBuilder<T>;
    skipped: SkippedModules;
    settings: GroupingSettings;
  },
): { tool: T; grouped: ExportedTool } | undefined {
  const { options, builder, skipped, settings } = context;
  let remaining = actions;
  while (remaining.length > 0) {
    try {
      const grouped = toExportedGroupedTool(group, remaining, {
        ...options,
        annotations: settings.groupAnnotations[group],
      });
      return { tool: builder.build(grouped), grouped };
    } catch (error) {
      const own = ownFailures(remaining, error);
      if (own === undefined || own.size === 0 || own.size === remaining.length) {
        skipped.addGroupFailure(group, remaining, error);
        return undefined;
      }
      const { code } = describeFailure(error);
      for (const [moduleId, reason] of own) skipped.add(moduleId, reason, code);
      remaining = remaining.filter(({ moduleId }) => !own.has(moduleId));
    }
  }
  return undefined;
}

function exportGrouped<T>(
  convertible: ReadonlyMap<string, Convertible>,
  settings: GroupingSettings,
  context: { options: ExportToolsOptions; builder: ToolBuilder<T>; skipped: SkippedModules },
): { tools: T[]; groups: ToolGroups } {
  const { builder, skipped } = context;
  const tools: T[] = [];
  const groups: Record<string, Readonly<Record<string, string>>> = {};
  const names = new ToolNameTable('safe');
  const tagsOf = (moduleId: string) => convertible.get(moduleId)?.descriptor.tags;
  for (const plan of planToolGroups([...convertible.keys()], { ...settings, tagsOf })) {
    if (plan.kind === 'module') {
      const { tool } = convertible.get(plan.moduleId) as Convertible;
      let built: T;
      try {
        built = builder.build(tool);
      } catch (error) {
        skipped.addFailure(plan.moduleId, error);
        continue;
      }
      names.add(plan.moduleId);
      tools.push(built);
      continue;
    }
    const built = buildGroup(plan.group, toGroupActions(plan, convertible), {
      ...context,
      settings,
    });
    if (built === undefined) continue;
    names.add(plan.group);
    tools.push(built.tool);
    groups[built.grouped.name] = built.grouped.actions ?? {};
  }
  return { tools, groups };
}

/**
 * The tools of a registry (or an executor's registry) for one provider: the modules that pass
 * the filters (`tags`, `anyTags`, `excludeTags`, `prefix`, combined with AND) become
 * provider-neutral tools (safe names, converted schemas, annotations embedded when asked),
 * folded into grouped tools under a `grouping` (the MCP server's very rule), then handed to the
 * provider's `build`. A module that cannot be converted or built is skipped, listed once with
 * all its reasons and warned about once; a grouped tool that cannot be built skips its members,
 * each told what of the failure is its own. Pure: no I/O, nothing mutated.
 *
 * @throws {InvalidArgumentError} for something that is not a registry or executor, or an
 *   invalid filter or grouping option.
 * @throws {ToolNameCollisionError} when two tools would get the same name.
 * @example
 * ```ts
 * const { tools, skipped } = exportTools(registry, { grouping: 'namespace' }, builder);
 * ```
 */
export function exportTools<T>(
  registryOrExecutor: RegistryLike | ExecutorLike,
  options: ExportToolsOptions,
  builder: ToolBuilder<T>,
): ExportedTools<T> {
  const registry = resolveRegistry(registryOrExecutor);
  const filters = readFilters(options);
  const settings = readGrouping(options);
  const skipped = new SkippedModules();
  const convertible = collectConvertible(registry, filters, options, skipped);
  if (settings.grouping !== 'none') {
    const grouped = exportGrouped(convertible, settings, { options, builder, skipped });
    skipped.warn(options.logger, builder.provider);
    return { tools: grouped.tools, skipped: skipped.list(), groups: grouped.groups };
  }
  const tools: T[] = [];
  const names = new ToolNameTable('safe');
  for (const [moduleId, { tool }] of convertible) {
    let built: T;
    try {
      built = builder.build(tool);
    } catch (error) {
      skipped.addFailure(moduleId, error);
      continue;
    }
    // Throws when another module already has this name: a model's call by it would be ambiguous.
    names.add(moduleId);
    tools.push(built);
  }
  skipped.warn(options.logger, builder.provider);
  return { tools, skipped: skipped.list() };
}
