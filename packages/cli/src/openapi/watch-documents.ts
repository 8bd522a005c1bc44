import { openapiModules } from '@apcore-mcp/openapi';
import type { Registry } from '@apcore-mcp/runtime';
import type { ExtensionsWatcher } from '../extensions/watch-extensions.js';
import type { OpenapiSources } from './read-openapi-sources.js';
import {
  describeOpenapiError,
  openapiOptionsOf,
  type RegisterDocumentsOptions,
} from './register-documents.js';

/** What {@link watchDocuments} keeps in step. */
export interface WatchDocumentsOptions extends RegisterDocumentsOptions {
  registry: Pick<Registry, 'list' | 'register' | 'unregister'>;
  sources: OpenapiSources;
  /** The ids each document registered at start, by location; kept up to date. */
  moduleIds: Map<string, string[]>;
}

const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/**
 * Reads one document again and, when it loads, replaces its modules in the registry (the
 * server then tells clients the tools changed). A document that no longer loads, or whose new
 * ids would take another source's, keeps its old modules and the reason is logged.
 */
async function reloadDocument(location: string, options: WatchDocumentsOptions): Promise<void> {
  const { registry, sources, moduleIds, logger } = options;
  const document = sources.documents.find((candidate) => candidate.location === location);
  if (document === undefined) return;
  const previous = moduleIds.get(location) ?? [];
  let modules: Awaited<ReturnType<typeof openapiModules>>['modules'];
  try {
    ({ modules } = await openapiModules(location, openapiOptionsOf(document, sources, options)));
  } catch (error) {
    logger.warn(
      { openapi: location },
      `${describeOpenapiError(error)}; keeping its ${previous.length} tools as they were`,
    );
    return;
  }
  const others = new Set(registry.list().filter((id) => !previous.includes(id)));
  const taken = modules.map(({ moduleId }) => moduleId).filter((id) => others.has(id));
  if (taken.length > 0) {
    logger.warn(
      { openapi: location, moduleIds: taken },
      `The OpenAPI document ${location} now gives ids other modules have (${taken.join(', ')}); keeping its ${previous.length} tools as they were`,
    );
    return;
  }
  for (const id of previous) registry.unregister(id);
  for (const { moduleId, module } of modules) registry.register(moduleId, module);
  moduleIds.set(
    location,
    modules.map(({ moduleId }) => moduleId),
  );
  logger.info(
    { openapi: location, loaded: modules.length },
    `Reloaded ${modules.length} operations from ${location}`,
  );
}

/**
 * Under --watch, watches every `--openapi` document that is a local file (a URL is read once)
 * and reloads it when it changes (see {@link reloadDocument}). The watcher is chokidar's, as
 * for the extensions directory.
 *
 * @example
 * ```ts
 * const watchers = await watchDocuments({ registry, sources, moduleIds, logger, withExtensions, projectRoot });
 * await Promise.all(watchers.map((watcher) => watcher.ready));
 * ```
 */
export async function watchDocuments(options: WatchDocumentsOptions): Promise<ExtensionsWatcher[]> {
  const { watchExtensions } = await import('../extensions/watch-extensions.js');
  return options.sources.documents
    .filter(({ location }) => !isUrl(location))
    .map(({ location }) =>
      watchExtensions({
        rootDir: location,
        sync: () => reloadDocument(location, options),
        logger: options.logger,
      }),
    );
}
