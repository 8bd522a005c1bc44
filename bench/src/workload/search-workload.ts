import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { type ManyModuleSpec, manyModuleSpecs } from '@apcore-mcp/test-support';
import { answerCall } from './trivial-handler.js';

/** A query a user might type, and the module it is looking for. */
export interface SearchQuery {
  text: string;
  /** The tool name the query means (ranked first when the search does its job). */
  expected: string;
}

/**
 * A registry of `count` generated modules with varied, realistic names and descriptions
 * (`billing.restore_invoice`, ...) — the bench's usual workload names its modules
 * `tool_00042`, which no text search can tell apart.
 *
 * @example
 * ```ts
 * const { registry, queries } = createSearchWorkload(1000, 20);
 * ```
 */
export function createSearchWorkload(
  count: number,
  queryCount: number,
): { registry: Registry; queries: SearchQuery[] } {
  const specs = manyModuleSpecs(count);
  const registry = new Registry();
  for (const { moduleId, ...definition } of specs) {
    registry.register(moduleId, defineModule({ ...definition, execute: answerCall }));
  }
  return { registry, queries: toQueries(specs, queryCount) };
}

/** Queries phrased from the modules' descriptions, spread evenly over the registry. */
function toQueries(specs: readonly ManyModuleSpec[], queryCount: number): SearchQuery[] {
  const step = Math.max(1, Math.floor(specs.length / queryCount));
  const queries: SearchQuery[] = [];
  for (let index = 0; index < specs.length && queries.length < queryCount; index += step) {
    const spec = specs[index] as ManyModuleSpec;
    const [domain, action] = spec.moduleId.split('.') as [string, string];
    const [verb, ...object] = action.split('_');
    queries.push({
      text: `${verb} ${object.join(' ')} in ${domain}`,
      expected: spec.moduleId.replace('.', '-'),
    });
  }
  return queries;
}
