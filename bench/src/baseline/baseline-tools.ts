import { toToolName } from '@apcore-mcp/core/bridge';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { inputSchemaInlined, outputSchema } from '../workload/module-schemas.js';
import { workloadModules } from '../workload/workload-modules.js';

/**
 * The workload's tools as a hand-written server would hard-code them: same names (the safe ones
 * clients accept), descriptions, annotations, and input schemas already inlined (written out,
 * not converted).
 *
 * @example
 * ```ts
 * const tools = createBaselineTools(100);
 * tools[0].name; // 'group_0-tool_00000'
 * ```
 */
export function createBaselineTools(count: number): Tool[] {
  return workloadModules(count).map((module) => ({
    name: toToolName(module.moduleId),
    title: module.name,
    description: module.description,
    inputSchema: inputSchemaInlined(module.index) as Tool['inputSchema'],
    outputSchema: outputSchema() as Tool['outputSchema'],
    annotations: {
      title: module.name,
      readOnlyHint: module.annotations.readonly ?? false,
      destructiveHint: module.annotations.destructive ?? false,
      idempotentHint: module.annotations.idempotent ?? false,
      openWorldHint: module.annotations.openWorld ?? true,
    },
  }));
}
