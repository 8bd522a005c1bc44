import {
  type ExtensionFileExport,
  loadExtensionFile,
  loadModuleFile,
} from '../load-module-file.js';
import { type DeferredModule, deferModule } from './deferred-module.js';
import type { ModuleCache } from './module-cache.js';
import { snapshotModule } from './module-snapshot.js';

/** A file of the extensions directory as discovery found it. */
export type DiscoveredFile =
  | ExtensionFileExport
  | { deferred: DeferredModule }
  | { reason: string };

/**
 * Why a module file did not load, in one line: the reason a load error carries, else the error.
 *
 * @example
 * ```ts
 * describeLoadFailure(new Error('boom')); // 'Error: boom'
 * ```
 */
export function describeLoadFailure(error: unknown): string {
  return (error as { details?: { reason?: string } }).details?.reason ?? String(error);
}

async function importFile(path: string): Promise<ExtensionFileExport | { reason: string }> {
  try {
    return await loadExtensionFile(path);
  } catch (error) {
    return { reason: describeLoadFailure(error) };
  }
}

/**
 * Loads one file of the extensions directory: from the cache when it holds this very file's
 * module (its code then waits for the first call), else by importing it, and then records a
 * module whose data can be cached. Never rejects: a failure is a `reason`.
 *
 * @example
 * ```ts
 * const found = await loadDiscoveredFile('/app/extensions/greet.js', cache);
 * if ('deferred' in found) registry.register('greet', found.deferred.module);
 * ```
 */
export async function loadDiscoveredFile(
  path: string,
  cache: ModuleCache | undefined,
): Promise<DiscoveredFile> {
  if (cache === undefined) return importFile(path);
  const { snapshot, print } = cache.lookup(path);
  if (snapshot !== undefined) {
    return { deferred: deferModule(snapshot, () => loadModuleFile(path)) };
  }
  const found = await importFile(path);
  if (print !== undefined && 'module' in found) {
    const fresh = snapshotModule(found.module);
    if (fresh === null) cache.forget(path);
    else cache.remember(path, print, fresh);
  } else {
    cache.forget(path);
  }
  return found;
}
