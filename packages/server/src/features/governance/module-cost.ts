import type { ModuleDescriptor, RegistryLike } from '@apcore-mcp/core/bridge';

/**
 * What one call of a module costs: its `metadata.cost` when that is a finite number of at least
 * 0, else 0 (no metadata, no cost, or a value that is not a cost).
 *
 * @example
 * ```ts
 * readModuleCost(registry.getDefinition('reports.sales_summary')); // 5
 * ```
 */
export function readModuleCost(
  descriptor: Pick<ModuleDescriptor, 'metadata'> | null | undefined,
): number {
  const cost = descriptor?.metadata?.cost;
  return typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? cost : 0;
}

/**
 * Reads each module's cost from `registry` when asked, so a module registered later, or whose
 * metadata changed, costs what it says now.
 *
 * @example
 * ```ts
 * const costOf = moduleCostReader(registry);
 * costOf('reports.sales_summary'); // 5
 * ```
 */
export function moduleCostReader(registry: RegistryLike): (moduleId: string) => number {
  return (moduleId) => readModuleCost(registry.getDefinition(moduleId, { copy: false }));
}
