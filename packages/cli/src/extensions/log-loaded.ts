import type { Logger } from '@apcore-mcp/core/bridge';
import type { DiscoveryReport } from '@apcore-mcp/runtime';

/**
 * Logs what the extensions directory gave: how many modules (and how many of them came from
 * the module cache) and definitions, how many files were skipped.
 *
 * @example
 * ```ts
 * logLoaded(await registry.discoverDetailed(), rootDir, logger);
 * ```
 */
export function logLoaded(report: DiscoveryReport, rootDir: string, logger: Logger): void {
  const { loaded, definitions, failed, cached = [] } = report;
  const fromCache = cached.length > 0 ? ` (${cached.length} from the module cache)` : '';
  logger.info(
    {
      extensionsDir: rootDir,
      loaded: loaded.length,
      cached: cached.length,
      definitions: definitions.length,
      failed: failed.length,
    },
    `Loaded ${loaded.length} modules${fromCache}${definitions.length > 0 ? ` and ${definitions.length} definitions` : ''} from ${rootDir}${failed.length > 0 ? ` (${failed.length} files skipped)` : ''}`,
  );
}
