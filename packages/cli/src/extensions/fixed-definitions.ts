import type { Definition, Logger } from '@apcore-mcp/core/bridge';
import type { DiscoveredDefinition } from '@apcore-mcp/runtime';
import { describeDefinition } from './module-files.js';

/**
 * The definition files of an extensions directory served without --watch, as a fixed list: the
 * first file (in file order) of each resource URI, template or prompt name wins, as under
 * --watch; a later one is skipped with a warning naming both files.
 *
 * @example
 * ```ts
 * const definitions = firstOfEachDefinition(report.definitions, logger);
 * ```
 */
export function firstOfEachDefinition(
  discovered: readonly DiscoveredDefinition[],
  logger: Logger,
): Definition[] {
  const firstPaths = new Map<string, string>();
  const kept: Definition[] = [];
  for (const { path, definition } of discovered) {
    const described = describeDefinition(definition);
    const first = firstPaths.get(described);
    if (first !== undefined) {
      logger.warn({ path, first }, `Skipped ${path}: ${described} is already defined by ${first}`);
      continue;
    }
    firstPaths.set(described, path);
    kept.push(definition);
  }
  return kept;
}
