import type { ExecutorLike, Logger } from '@apcore-mcp/core/bridge';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { ToolTable } from './tool-table.js';
import { readAccessCheck, ToolVisibility } from './tool-visibility.js';

/**
 * Per-subject tool lists when the executor has an ACL to ask; `undefined` (no cost per request)
 * otherwise. Lists then differ per caller, so cache hints that mark them public are warned about.
 *
 * @example
 * ```ts
 * const visibility = openToolVisibility({ executor, tools: table, cacheHints: undefined, logger });
 * ```
 */
export function openToolVisibility(options: {
  executor: ExecutorLike;
  tools: ToolTable;
  cacheHints: CacheHints | undefined;
  logger: Logger;
}): ToolVisibility | undefined {
  const { executor, tools, cacheHints, logger } = options;
  const accessCheck = readAccessCheck(executor);
  if (accessCheck === undefined) return undefined;
  const shared = (['tools/list', 'resources/list'] as const).filter(
    (method) => cacheHints?.[method]?.cacheScope === 'public',
  );
  if (shared.length > 0) {
    logger.warn(
      { methods: shared },
      'cacheHints mark lists public, but each caller sees the lists its ACL allows: use ' +
        "cacheScope 'private' so a shared cache never hands one caller's list to another",
    );
  }
  return new ToolVisibility({ executor: accessCheck, tools, logger });
}
