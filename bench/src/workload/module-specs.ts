import type { JsonSchema, ModuleAnnotations } from '@apcore-mcp/core';
import { inputSchemaWithRefs, outputSchema } from './module-schemas.js';
import { workloadModules } from './workload-modules.js';

/** Everything of a workload module but its handler: what module files and child servers get. */
export interface ModuleSpec {
  moduleId: string;
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: Partial<ModuleAnnotations>;
  tags: string[];
}

/**
 * The first `count` workload modules as plain JSON data (the trivial handler is added where
 * they are declared).
 *
 * @example
 * ```ts
 * writeFileSync(file, JSON.stringify(createModuleSpecs(100)));
 * ```
 */
export function createModuleSpecs(count: number): ModuleSpec[] {
  return workloadModules(count).map((module) => ({
    moduleId: module.moduleId,
    name: module.name,
    description: module.description,
    inputSchema: inputSchemaWithRefs(module.index),
    outputSchema: outputSchema(),
    annotations: module.annotations,
    tags: module.tags,
  }));
}
