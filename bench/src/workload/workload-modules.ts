import type { ModuleAnnotations } from '@apcore-mcp/core';
import { toToolName } from '@apcore-mcp/core/bridge';

/**
 * The facts of one workload module besides its schemas (see `module-schemas.ts`), shared by
 * the registry (ours), the hard-coded tools (baseline) and the generated module files (CLI).
 */
export interface WorkloadModule {
  /** Position in the workload; varies the schema's descriptions. */
  index: number;
  /** `group_<g>.tool_<nnnnn>`: the id a file `group_<g>/tool_<nnnnn>.js` is discovered as. */
  moduleId: string;
  name: string;
  description: string;
  annotations: Partial<ModuleAnnotations>;
  tags: string[];
}

/** Modules are spread over this many groups (directories, for the CLI figure). */
const GROUP_COUNT = 10;

/**
 * The id of workload module `index`.
 *
 * @example
 * ```ts
 * workloadModuleId(42); // 'group_2.tool_00042'
 * ```
 */
export function workloadModuleId(index: number): string {
  return `group_${index % GROUP_COUNT}.tool_${String(index).padStart(5, '0')}`;
}

/**
 * A mix of annotations, as in a real registry: read-only lookups, destructive writes, plain
 * calls, idempotent updates (every other one of those requiring approval). Module 0, the one
 * the call figures use, is a read-only lookup: it runs without asking anyone.
 */
function annotationsFor(index: number): Partial<ModuleAnnotations> {
  switch (index % 4) {
    case 0:
      return { readonly: true, idempotent: true, openWorld: false };
    case 1:
      return { destructive: true };
    case 2:
      return {};
    default:
      return { idempotent: true, requiresApproval: index % 8 === 7 };
  }
}

function tagsFor(index: number): string[] {
  const tags: string[] = [];
  if (index % 3 === 0) tags.push('records');
  if (index % 5 === 0) tags.push('admin');
  return tags;
}

/**
 * The first `count` workload modules.
 *
 * @example
 * ```ts
 * const [first] = workloadModules(100); // first.moduleId === 'group_0.tool_00000'
 * ```
 */
export function workloadModules(count: number): WorkloadModule[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    moduleId: workloadModuleId(index),
    name: `Tool ${index}`,
    description: `Reads and updates the records of set ${index}; answers with the record id.`,
    annotations: annotationsFor(index),
    tags: tagsFor(index),
  }));
}

/** The module every call figure calls. */
export const CALLED_MODULE_ID = workloadModuleId(0);

/** The name clients call {@link CALLED_MODULE_ID} by (the server's default, safe names). */
export const CALLED_TOOL_NAME = toToolName(CALLED_MODULE_ID);
