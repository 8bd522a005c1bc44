import { DuplicateModuleIdError } from '@apcore-mcp/core';
import {
  assertValidModuleId,
  type Definition,
  type DefinitionOptions,
  describeModuleProblem,
  type ListOptions,
  type Logger,
  type ModuleDescriptor,
  type ModuleLike,
  moduleIdFromPath,
  type RegistryEvent,
  type RegistryEventCallback,
  type RegistryLike,
  silentLogger,
} from '@apcore-mcp/core/bridge';
import { describeModule } from './descriptor.js';
import { type DiscoveryReport, skipFile } from './discovery-report.js';
import { findModuleFiles } from './find-module-files.js';
import { mapConcurrent } from './map-concurrent.js';
import { type DeferredLoadReport, DeferredModules } from './module-cache/deferred-modules.js';
import { type DiscoveredFile, loadDiscoveredFile } from './module-cache/load-discovered-file.js';
import { ModuleCache } from './module-cache/module-cache.js';
import { resolveExtensionsDir } from './resolve-extensions-dir.js';

/** Options of {@link Registry}. */
export interface RegistryOptions {
  /** The directory {@link Registry.discover} loads module files from. */
  extensionsDir?: string;
  /** Receives listener failures and skipped files. Silent when absent. */
  logger?: Logger;
  /**
   * Keep the descriptors of discovered modules in a cache, so that a later discovery registers
   * unchanged files without importing their code (imported at the first call, or by
   * {@link Registry.loadDeferred}). `true` keeps it in `<extensionsDir>/.apcore-mcp-cache`;
   * `{ dir }` elsewhere. Off by default.
   */
  moduleCache?: boolean | { dir: string };
}

/**
 * Options of {@link Registry.register}.
 *
 * @example
 * ```ts
 * registry.register('image.resize', module, { file: '/app/extensions/image/resize.ts' });
 * ```
 */
export interface RegisterOptions {
  /** The file the module was loaded from, told by {@link Registry.fileOf}. */
  file?: string;
}

/**
 * The set of modules, by id. Implements the bridge's {@link RegistryLike}: list, describe,
 * and announce changes through `register` / `unregister` events.
 *
 * @example
 * ```ts
 * const registry = new Registry({ extensionsDir: './extensions' });
 * await registry.discover();
 * registry.register('greet', defineModule({ description: 'Greet', inputSchema: {}, execute: () => ({}) }));
 * registry.list({ prefix: 'image.' });
 * ```
 */
export class Registry implements RegistryLike {
  readonly #modules = new Map<string, ModuleLike>();
  readonly #listeners = new Map<RegistryEvent, Set<RegistryEventCallback>>();
  readonly #logger: Logger;
  readonly #extensionsDir: string | null;
  /** Module file path -> the id discovery registered it under. */
  readonly #sources = new Map<string, string>();
  /** Module id -> the file it was loaded from, when registered with one. */
  readonly #files = new Map<string, string>();
  /** Definition file path -> its definition, in the order discovery found them. */
  readonly #definitions = new Map<string, Definition>();
  #lastDiscovery: DiscoveryReport | null = null;
  readonly #cacheOptions: { dir?: string } | undefined;
  #cache: ModuleCache | undefined;
  readonly #deferred = new DeferredModules();

  constructor(options: RegistryOptions = {}) {
    this.#logger = options.logger ?? silentLogger;
    this.#extensionsDir = options.extensionsDir === undefined ? null : options.extensionsDir;
    const { moduleCache } = options;
    this.#cacheOptions =
      moduleCache === true ? {} : moduleCache ? { dir: moduleCache.dir } : undefined;
  }

  /** The directory {@link Registry.discover} reads, if configured. */
  get extensionsDir(): string | null {
    return this.#extensionsDir;
  }

  /** How many modules are registered. */
  get count(): number {
    return this.#modules.size;
  }

  /**
   * Every definition discovery found so far (resources, resource templates, prompts), in file
   * order. They are not modules: serve them with `serve()`'s `resources`, `resourceTemplates`
   * and `prompts` options.
   */
  get definitions(): Definition[] {
    return [...this.#definitions.values()];
  }

  /** The report of the last {@link Registry.discover} run, or `null` before the first. */
  get lastDiscovery(): DiscoveryReport | null {
    return this.#lastDiscovery;
  }

  /**
   * Adds `module` under `moduleId` and emits `register`; `file` is where it was loaded from
   * (discovery passes it), for {@link Registry.fileOf}.
   *
   * @throws {InvalidModuleIdError} the id is malformed or longer than 192 characters.
   * @throws {DuplicateModuleIdError} the id is taken.
   * @throws TypeError `module` lacks a description, an input schema, or execute/stream.
   */
  register(moduleId: string, module: ModuleLike, options: RegisterOptions = {}): void {
    assertValidModuleId(moduleId);
    const problem = describeModuleProblem(module);
    if (problem !== null) throw new TypeError(`Cannot register ${moduleId}: module ${problem}`);
    if (this.#modules.has(moduleId)) throw new DuplicateModuleIdError({ moduleId });
    this.#modules.set(moduleId, module);
    if (options.file !== undefined) this.#files.set(moduleId, options.file);
    this.#emit('register', moduleId, module);
  }

  /** Removes a module and emits `unregister`; `false` when no module had that id. */
  unregister(moduleId: string): boolean {
    const module = this.#modules.get(moduleId);
    if (module === undefined) return false;
    this.#modules.delete(moduleId);
    this.#emit('unregister', moduleId, module);
    this.#files.delete(moduleId);
    return true;
  }

  /** The file the module registered under `moduleId` was loaded from; `null` when none was told. */
  fileOf(moduleId: string): string | null {
    return this.#files.get(moduleId) ?? null;
  }

  /** The module registered under `moduleId`, as registered, or `null`. */
  get(moduleId: string): ModuleLike | null {
    return this.#modules.get(moduleId) ?? null;
  }

  /** Whether a module is registered under `moduleId`. */
  has(moduleId: string): boolean {
    return this.#modules.has(moduleId);
  }

  /** Registered ids, sorted; `tags` must all be present, `prefix` must start the id. */
  list(options: ListOptions = {}): string[] {
    const { tags = [], prefix } = options;
    const ids: string[] = [];
    for (const [moduleId, module] of this.#modules) {
      if (prefix !== undefined && !moduleId.startsWith(prefix)) continue;
      const moduleTags = Array.isArray(module.tags) ? module.tags : [];
      if (!tags.every((tag) => moduleTags.includes(tag))) continue;
      ids.push(moduleId);
    }
    return ids.sort();
  }

  /**
   * The descriptor of a module, or `null`. Every call returns fresh copies (schemas included),
   * so callers may change the result without touching the registered module; with
   * `{ copy: false }` the schemas, examples and metadata are the module's own, for callers that
   * only read them.
   */
  getDefinition(moduleId: string, options?: DefinitionOptions): ModuleDescriptor | null {
    const module = this.#modules.get(moduleId);
    return module === undefined ? null : describeModule(moduleId, module, options);
  }

  /** Calls `callback(moduleId, module)` after every register / unregister. */
  on(event: RegistryEvent, callback: RegistryEventCallback): void {
    let callbacks = this.#listeners.get(event);
    if (callbacks === undefined) {
      callbacks = new Set();
      this.#listeners.set(event, callbacks);
    }
    callbacks.add(callback);
  }

  /** Stops calling `callback` for `event`. */
  off(event: RegistryEvent, callback: RegistryEventCallback): void {
    this.#listeners.get(event)?.delete(callback);
  }

  /**
   * Loads every module file below `extensionsDir` and registers its module; resolves to the
   * number registered. Files that fail are logged (warn) and listed in
   * {@link Registry.lastDiscovery}; the others still load. Running it again picks up new files
   * only: a file whose module is still registered is not loaded twice.
   *
   * @throws {ConfigNotFoundError} the directory is missing or not a directory.
   */
  async discover(): Promise<number> {
    const report = await this.discoverDetailed();
    return report.loaded.length;
  }

  /** Like {@link Registry.discover}, resolving to the full report. */
  async discoverDetailed(): Promise<DiscoveryReport> {
    const rootDir = await resolveExtensionsDir(this.#extensionsDir);
    const report: DiscoveryReport = { loaded: [], failed: [], definitions: [] };
    const allPaths = await findModuleFiles(rootDir);
    const paths = allPaths.filter((path) => {
      if (this.#definitions.has(path)) return false;
      const knownId = this.#sources.get(path);
      return knownId === undefined || !this.#modules.has(knownId);
    });
    this.#cache =
      this.#cacheOptions &&
      (await ModuleCache.openFor(rootDir, allPaths, {
        ...this.#cacheOptions,
        logger: this.#logger,
      }));
    const cache = this.#cache;
    // Files load side by side (reading, resolving and compiling overlap), then register one by
    // one in file order: which of two duplicate ids wins does not depend on timing.
    const loads = await mapConcurrent(paths, CONCURRENT_LOADS, (path) =>
      loadDiscoveredFile(path, cache),
    );
    paths.forEach((path, index) => {
      const reason = this.#registerOutcome(rootDir, path, loads[index] as DiscoveredFile, report);
      if (reason !== null) skipFile(report.failed, this.#logger, { path, reason });
    });
    await cache?.save(allPaths);
    this.#lastDiscovery = report;
    return report;
  }

  /**
   * Imports the code of the modules discovery registered from the cache, one at a time, and
   * checks each against its cached descriptor: a module whose code now declares something else
   * is registered again as its code says (clients are told the tools changed), one that no
   * longer imports is no longer served (and logged, as discovery would have). Never rejects.
   * Without a cache, or once done, resolves at once with nothing to report.
   */
  loadDeferred(): Promise<DeferredLoadReport> {
    return this.#deferred.loadAll(this, this.#logger, this.#cache);
  }

  /** Registers what a file holds; the reason it cannot be, or `null`. */
  #registerOutcome(
    rootDir: string,
    path: string,
    outcome: DiscoveredFile,
    report: DiscoveryReport,
  ): string | null {
    if ('reason' in outcome) return outcome.reason;
    if ('definition' in outcome) {
      this.#definitions.set(path, outcome.definition);
      report.definitions.push({ path, definition: outcome.definition });
      return null;
    }
    const module = 'module' in outcome ? outcome.module : outcome.deferred.module;
    const moduleId =
      typeof module.moduleId === 'string' ? module.moduleId : moduleIdFromPath(rootDir, path);
    try {
      this.register(moduleId, module, { file: path });
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    this.#sources.set(path, moduleId);
    report.loaded.push(moduleId);
    if ('deferred' in outcome) {
      this.#deferred.add(moduleId, path, outcome.deferred);
      report.cached ??= [];
      report.cached.push(moduleId);
    }
    return null;
  }

  #emit(event: RegistryEvent, moduleId: string, module: ModuleLike): void {
    for (const callback of [...(this.#listeners.get(event) ?? [])]) {
      try {
        callback(moduleId, module);
      } catch (error) {
        this.#logger.error({ err: error, event, moduleId }, `Registry ${event} listener failed`);
      }
    }
  }
}

/** Module files loading at once during discovery: enough to overlap, few enough file handles. */
const CONCURRENT_LOADS = 16;
