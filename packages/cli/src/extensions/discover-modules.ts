import type { Logger } from '@apcore-mcp/core/bridge';
import { type DiscoveryReport, Registry } from '@apcore-mcp/runtime';
import type { ResolvedSettings } from '../settings/settings.js';
import { logLoaded } from './log-loaded.js';
import { moduleCacheOption } from './module-cache-option.js';
import { ModuleFiles } from './module-files.js';

/** The registry the server serves, what discovery found, and under --watch the file tracker. */
export interface DiscoveredModules {
  registry: Registry;
  report: DiscoveryReport;
  /** Under --watch, what knows which file registered which id. */
  files: ModuleFiles | undefined;
}

/**
 * Builds the registry and loads the extensions directory into it, if there is one: through the
 * module cache (unless `--no-cache`), or under --watch through {@link ModuleFiles}, which imports
 * every file to know which file registered which id. Logs what was loaded.
 */
export async function discoverModules(
  resolved: ResolvedSettings,
  rootDir: string | undefined,
  watch: boolean,
  logger: Logger,
): Promise<DiscoveredModules> {
  const registry = new Registry({
    ...(rootDir && { extensionsDir: rootDir }),
    logger,
    moduleCache: !watch && moduleCacheOption(resolved),
  });
  if (rootDir === undefined) {
    return { registry, report: { loaded: [], failed: [], definitions: [] }, files: undefined };
  }
  const files = watch ? new ModuleFiles({ registry, rootDir, logger }) : undefined;
  const report = await (files === undefined ? registry.discoverDetailed() : files.loadAll());
  logLoaded(report, rootDir, logger);
  return { registry, report, files };
}
