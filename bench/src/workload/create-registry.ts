import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createModuleSpecs } from './module-specs.js';
import { answerCall } from './trivial-handler.js';

/**
 * A registry of `count` workload modules, declared with `defineModule` as a module author
 * would: schemas with `$defs`/`$ref`, annotations, tags, the trivial handler.
 *
 * @example
 * ```ts
 * const registry = createWorkloadRegistry(100);
 * registry.count; // 100
 * ```
 */
export function createWorkloadRegistry(count: number): Registry {
  const registry = new Registry();
  for (const { moduleId, ...definition } of createModuleSpecs(count)) {
    registry.register(moduleId, defineModule({ ...definition, execute: answerCall }));
  }
  return registry;
}
