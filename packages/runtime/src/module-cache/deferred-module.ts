import type { ModuleContext } from '@apcore-mcp/core';
import type { ModuleLike } from '@apcore-mcp/core/bridge';
import type { ModuleSnapshot } from './module-snapshot.js';

/** A module served from its snapshot, and the import of its code, shared by every caller. */
export interface DeferredModule {
  /** What the registry serves: the snapshot's data, and `execute`/`stream` that import first. */
  readonly module: ModuleLike;
  readonly snapshot: ModuleSnapshot;
  /** Imports the module's code once; every later call resolves (or rejects) the same. */
  load(): Promise<ModuleLike>;
}

/**
 * A module listed from its cached snapshot, whose code `importModule` imports at its first call
 * (or earlier, by the registry's background load). A failed import is every call's failure:
 * the module answers a clean error rather than running stale code.
 *
 * @example
 * ```ts
 * const deferred = deferModule(snapshot, () => loadModuleFile(path));
 * await deferred.module.execute?.({ name: 'Ada' }, context); // imports the file, then runs it
 * ```
 */
export function deferModule(
  snapshot: ModuleSnapshot,
  importModule: () => Promise<ModuleLike>,
): DeferredModule {
  let loading: Promise<ModuleLike> | undefined;
  const load = (): Promise<ModuleLike> => {
    loading ??= importModule();
    return loading;
  };
  // The snapshot is the cache's own parsed copy: the module shares it (the registry hands out
  // copies of schemas), and the background load compares the module's code with it.
  const module: Record<string, unknown> = { ...snapshot.fields };
  if (snapshot.execute) {
    module.execute = async (inputs: Record<string, unknown>, context: ModuleContext) => {
      const real = await load();
      return real.execute?.(inputs, context);
    };
  }
  if (snapshot.stream) {
    module.stream = async function* (inputs: Record<string, unknown>, context: ModuleContext) {
      const real = await load();
      if (real.stream !== undefined) yield* real.stream(inputs, context);
    };
  }
  return { module: Object.freeze(module) as unknown as ModuleLike, snapshot, load };
}
