import type { Logger } from '@apcore-mcp/core/bridge';
import type { DiscoveryReport } from '@apcore-mcp/runtime';

/**
 * Logs what the extensions directory gave: how many modules and definitions, how many files
 * were skipped.
 *
 * @example
 * ```ts
 * logLoaded(await registry.discoverDetailed(), rootDir, logger);
 * ```
 */
export function logLoaded(report: DiscoveryReport, rootDir: string, logger: Logger): void {
  const { loaded, definitions, failed } = report;
  logger.info(
    {
      extensionsDir: rootDir,
      loaded: loaded.length,
      definitions: definitions.length,
      failed: failed.length,
    },
    `Loaded ${loaded.length} modules${definitions.length > 0 ? ` and ${definitions.length} definitions` : ''} from ${rootDir}${failed.length > 0 ? ` (${failed.length} files skipped)` : ''}`,
  );
}
