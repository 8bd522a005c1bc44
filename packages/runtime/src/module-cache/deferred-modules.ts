import type { Logger, ModuleLike } from '@apcore-mcp/core/bridge';
import { type DiscoveryFailure, skipFile } from '../discovery-report.js';
import type { DeferredModule } from './deferred-module.js';
import { describeLoadFailure } from './load-discovered-file.js';
import type { ModuleCache } from './module-cache.js';
import { type ModuleSnapshot, sameSnapshot, snapshotModule } from './module-snapshot.js';

/** What {@link DeferredModules.loadAll} did. */
export interface DeferredLoadReport {
  /** Modules imported and found as their cached descriptor said. */
  imported: string[];
  /** Modules whose code now declares something else: registered again, as the code says. */
  changed: string[];
  /** Modules whose file no longer imports: no longer served. */
  failed: DiscoveryFailure[];
}

/** The part of the registry the background load changes. */
export interface DeferredTarget {
  get(moduleId: string): ModuleLike | null;
  register(moduleId: string, module: ModuleLike, options: { file: string }): void;
  unregister(moduleId: string): boolean;
}

interface Pending {
  path: string;
  deferred: DeferredModule;
}

/**
 * The modules registered from the cache whose code is not imported yet. Their background load
 * checks each against its descriptor: a file whose imports changed what it declares (the cache
 * keys on the module file only) is registered again as its code says, which tells clients the
 * tool list changed, and the cache learns it.
 */
export class DeferredModules {
  readonly #pending = new Map<string, Pending>();

  /** How many modules still wait for their code. */
  get size(): number {
    return this.#pending.size;
  }

  add(moduleId: string, path: string, deferred: DeferredModule): void {
    this.#pending.set(moduleId, { path, deferred });
  }

  /**
   * Imports every waiting module, one at a time so that requests are answered in between.
   * Never rejects: failures are logged as discovery logs them, and reported.
   */
  async loadAll(
    target: DeferredTarget,
    logger: Logger,
    cache: ModuleCache | undefined,
  ): Promise<DeferredLoadReport> {
    const report: DeferredLoadReport = { imported: [], changed: [], failed: [] };
    for (const [moduleId, pending] of [...this.#pending]) {
      this.#pending.delete(moduleId);
      // Replaced or removed since discovery: nothing of it is served any more.
      if (target.get(moduleId) !== pending.deferred.module) continue;
      await new Promise((resolve) => setImmediate(resolve));
      await loadOne(moduleId, pending, { target, logger, cache, report });
    }
    await cache?.save();
    return report;
  }
}

interface LoadContext {
  target: DeferredTarget;
  logger: Logger;
  cache: ModuleCache | undefined;
  report: DeferredLoadReport;
}

async function loadOne(moduleId: string, pending: Pending, context: LoadContext): Promise<void> {
  const { target, logger, cache, report } = context;
  const { path, deferred } = pending;
  let real: ModuleLike;
  try {
    real = await deferred.load();
  } catch (error) {
    if (target.get(moduleId) === deferred.module) target.unregister(moduleId);
    cache?.forget(path);
    skipFile(report.failed, logger, { path, reason: describeLoadFailure(error) });
    return;
  }
  const snapshot: ModuleSnapshot | null = snapshotModule(real);
  if (snapshot !== null && sameSnapshot(snapshot, deferred.snapshot)) {
    report.imported.push(moduleId);
    return;
  }
  if (target.get(moduleId) !== deferred.module) return;
  target.unregister(moduleId);
  cache?.forget(path);
  const newId = typeof real.moduleId === 'string' ? real.moduleId : moduleId;
  try {
    target.register(newId, real, { file: path });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    skipFile(report.failed, logger, { path, reason });
    return;
  }
  report.changed.push(newId);
  logger.info(
    { path, moduleId: newId },
    `Module ${newId} declares something else than its cached descriptor: serving it as its code says`,
  );
}
