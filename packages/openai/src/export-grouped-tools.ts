import {
  type GroupAction,
  type GroupAnnotations,
  type GroupingOption,
  planToolGroups,
  type ToolPlan,
} from '@apcore-mcp/annotations';
import {
  listModules,
  type ModuleDescriptor,
  type ModuleFilter,
  type RegistryLike,
  ToolNameTable,
} from '@apcore-mcp/core/bridge';
import type { OpenaiToolGroups } from './route-grouped-call.js';
import { type ToGroupedOpenaiToolOptions, toGroupedOpenaiTool } from './to-grouped-openai-tool.js';
import { toOpenaiTool } from './to-openai-tool.js';
import type { OpenAITool } from './types.js';

/** A module that passed the filters and converts, with its converted (non-strict) schema. */
interface Convertible {
  descriptor: ModuleDescriptor;
  parameters: Record<string, unknown>;
}

/** What {@link exportGroupedTools} gives back. */
export interface GroupedExport {
  tools: OpenAITool[];
  failures: Array<{ moduleId: string; error: unknown }>;
  groups: OpenaiToolGroups;
}

/** What {@link exportGroupedTools} needs. */
export interface ExportGroupedToolsOptions extends ToGroupedOpenaiToolOptions {
  grouping: GroupingOption;
  maxTools: number;
  groupAnnotations: GroupAnnotations;
  filters: ModuleFilter;
}

function collectConvertible(
  registry: RegistryLike,
  options: ExportGroupedToolsOptions,
  failures: GroupedExport['failures'],
): Map<string, Convertible> {
  const convertible = new Map<string, Convertible>();
  const plain = { ...options, strict: false, embedAnnotations: false };
  for (const moduleId of listModules(registry, options.filters)) {
    try {
      const descriptor = registry.getDefinition(moduleId, { copy: false });
      if (descriptor === null || descriptor === undefined) {
        failures.push({ moduleId, error: new Error('the registry has no definition for it') });
        continue;
      }
      const { parameters } = toOpenaiTool(descriptor, plain).function;
      convertible.set(moduleId, { descriptor, parameters });
    } catch (error) {
      failures.push({ moduleId, error });
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
    return [
      {
        action,
        moduleId,
        description: typeof description === 'string' ? description : '',
        inputSchema: entry.parameters,
        annotations,
      },
    ];
  });
}

/**
 * The OpenAI tools of a registry under a grouping: the modules that pass the filters and
 * convert are planned with `planToolGroups` (the server's very rule), plain modules become
 * functions as usual, each group one function (see {@link toGroupedOpenaiTool}). Failures are
 * returned, not thrown, except a name collision, which throws as the ungrouped export does.
 *
 * @throws {ToolNameCollisionError} when two tools would get the same function name.
 */
export function exportGroupedTools(
  registry: RegistryLike,
  options: ExportGroupedToolsOptions,
): GroupedExport {
  const failures: GroupedExport['failures'] = [];
  const convertible = collectConvertible(registry, options, failures);
  const tools: OpenAITool[] = [];
  const groups: Record<string, Record<string, string>> = {};
  const names = new ToolNameTable('safe');
  const tagsOf = (moduleId: string) => convertible.get(moduleId)?.descriptor.tags;
  for (const plan of planToolGroups([...convertible.keys()], { ...options, tagsOf })) {
    const id = plan.kind === 'module' ? plan.moduleId : plan.group;
    let tool: OpenAITool;
    try {
      tool =
        plan.kind === 'module'
          ? toOpenaiTool((convertible.get(plan.moduleId) as Convertible).descriptor, options)
          : toGroupedOpenaiTool(plan.group, toGroupActions(plan, convertible), {
              ...options,
              annotations: options.groupAnnotations[plan.group],
            });
    } catch (error) {
      const moduleIds = plan.kind === 'module' ? [id] : plan.members.map((m) => m.moduleId);
      for (const moduleId of moduleIds) failures.push({ moduleId, error });
      continue;
    }
    names.add(id);
    tools.push(tool);
    if (plan.kind === 'group') {
      groups[tool.function.name] = Object.fromEntries(
        plan.members.map((member) => [member.action, member.moduleId]),
      );
    }
  }
  return { tools, failures, groups };
}
