import type { ModuleDescriptor } from '@apcore-mcp/core';

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
