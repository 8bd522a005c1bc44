import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  type Definition,
  type Logger,
  type ModuleLike,
  moduleIdFromPath,
} from '@apcore-mcp/core/bridge';
import {
  type DiscoveryReport,
  type ExtensionFileExport,
  isModuleFileName,
  loadExtensionFile,
  type Registry,
  skipFile,
} from '@apcore-mcp/runtime';

/** Options of {@link ModuleFiles}. */
export interface ModuleFilesOptions {
  registry: Registry;
  /** The extensions directory, absolute. */
  rootDir: string;
  logger: Logger;
}

/** Directory names discovery never enters (the core runtime's rule). */
export function isIgnoredSegment(name: string): boolean {
  return name.startsWith('_') || name.startsWith('.') || name === 'node_modules';
}

/**
 * Keeps a registry in step with the module files of an extensions directory, remembering which
 * file registered which id, so that a changed file can be reloaded and a deleted one removed.
 * It loads the same files as `Registry#discover()` (the watch mode's initial load), with
 * `loadExtensionFile` and `moduleIdFromPath` from the core runtime. Files exporting a
 * definition (a resource, resource template or prompt) are kept by path in
 * {@link ModuleFiles.definitions}, reloaded and removed the same way.
 *
 * A file that fails to load keeps its previous version registered (an editor's half-saved file
 * must not drop a tool a client is using); the failure is logged as an error.
 */
export class ModuleFiles {
  readonly #registry: Registry;
  readonly #rootDir: string;
  readonly #logger: Logger;
  /** Absolute file path -> the id its module is registered under. */
  readonly #sources = new Map<string, string>();
  /** Absolute file path -> the definition it exports. */
  readonly #definitions = new Map<string, Definition>();

  constructor(options: ModuleFilesOptions) {
    this.#registry = options.registry;
    this.#rootDir = options.rootDir;
    this.#logger = options.logger;
  }

  /** The definitions the files export right now, in file order. */
  definitions(): Definition[] {
    return [...this.#definitions.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, definition]) => definition);
  }

  /** Loads every module file below the root; failures are reported, not thrown. */
  async loadAll(): Promise<DiscoveryReport> {
    const report: DiscoveryReport = { loaded: [], failed: [], definitions: [] };
    for (const path of await this.#findModuleFiles(this.#rootDir)) {
      const outcome = await this.#load(path);
      if ('reason' in outcome) {
        skipFile(report.failed, this.#logger, { path, reason: outcome.reason });
      } else if ('definition' in outcome) {
        report.definitions.push({ path, definition: outcome.definition });
      } else {
        report.loaded.push(outcome.moduleId);
      }
    }
    return report;
  }

  /**
   * Brings the registry in line with what is now at `path` (a file or a directory that changed,
   * appeared or disappeared). Resolves to whether a definition was added, reloaded or removed:
   * the server is then told, so that clients list them again. Never throws.
   */
  async sync(path: string): Promise<boolean> {
    const before = new Map(this.#definitions);
    await this.#apply(path);
    const after = this.#definitions;
    return (
      before.size !== after.size ||
      [...after].some(([file, definition]) => before.get(file) !== definition)
    );
  }

  async #apply(path: string): Promise<void> {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) {
      await this.#syncDirectory(path);
    } else if (info?.isFile()) {
      if (this.#isModulePath(path)) await this.#reload(path);
    } else {
      this.#removeBelow(path);
    }
  }

  #isModulePath(path: string): boolean {
    const relativePath = relative(this.#rootDir, path);
    if (relativePath === '' || relativePath.startsWith('..')) return false;
    const segments = relativePath.split(sep);
    const fileName = segments.pop() ?? '';
    return !segments.some(isIgnoredSegment) && isModuleFileName(fileName);
  }

  async #findModuleFiles(directory: string): Promise<string[]> {
    const names = await readdir(directory, { recursive: true }).catch(() => [] as string[]);
    const paths = names
      .map((name) => join(directory, name))
      .filter((path) => this.#isModulePath(path));
    const files: string[] = [];
    for (const path of paths.sort()) {
      if ((await stat(path).catch(() => null))?.isFile()) files.push(path);
    }
    return files;
  }

  async #syncDirectory(directory: string): Promise<void> {
    const present = new Set(await this.#findModuleFiles(directory));
    for (const path of [...this.#sources.keys(), ...this.#definitions.keys()]) {
      if (this.#isBelow(path, directory) && !present.has(path)) this.#remove(path);
    }
    for (const path of present) {
      if (!this.#sources.has(path) && !this.#definitions.has(path)) await this.#reload(path);
    }
  }

  #isBelow(path: string, directory: string): boolean {
    return (
      path === directory || path.startsWith(directory.endsWith(sep) ? directory : directory + sep)
    );
  }

  #removeBelow(path: string): void {
    for (const source of [...this.#sources.keys(), ...this.#definitions.keys()]) {
      if (this.#isBelow(source, path)) this.#remove(source);
    }
  }

  #remove(path: string): void {
    const definition = this.#definitions.get(path);
    if (this.#definitions.delete(path) && definition !== undefined) {
      this.#logger.info(
        { path },
        `Removed ${describeDefinition(definition)}: ${this.#display(path)} is gone`,
      );
    }
    const moduleId = this.#sources.get(path);
    this.#sources.delete(path);
    if (moduleId !== undefined && this.#registry.unregister(moduleId)) {
      this.#logger.info(
        { moduleId, path },
        `Removed module ${moduleId}: ${this.#display(path)} is gone`,
      );
    }
  }

  async #load(path: string, fresh = false): Promise<LoadOutcome> {
    let loaded: ExtensionFileExport;
    try {
      loaded = await loadExtensionFile(path, { fresh });
    } catch (error) {
      const details = (error as { details?: { reason?: unknown } }).details;
      return { reason: typeof details?.reason === 'string' ? details.reason : String(error) };
    }
    if ('definition' in loaded) {
      // A file that used to register a module now defines something else: the module goes.
      const previousId = this.#sources.get(path);
      if (previousId !== undefined) this.#registry.unregister(previousId);
      this.#sources.delete(path);
      this.#definitions.set(path, loaded.definition);
      return loaded;
    }
    this.#definitions.delete(path);
    return this.#register(path, loaded.module);
  }

  #register(path: string, module: ModuleLike): LoadOutcome {
    const moduleId =
      typeof module.moduleId === 'string' ? module.moduleId : moduleIdFromPath(this.#rootDir, path);
    const previousId = this.#sources.get(path);
    const previous = previousId === undefined ? null : this.#registry.get(previousId);
    if (previousId !== undefined) this.#registry.unregister(previousId);
    try {
      this.#registry.register(moduleId, module, { file: path });
    } catch (error) {
      // Put the previous version back: a clash or a bad id must not cost the working tool.
      if (previousId !== undefined && previous !== null)
        this.#registry.register(previousId, previous, { file: path });
      return { reason: error instanceof Error ? error.message : String(error) };
    }
    this.#sources.set(path, moduleId);
    return { moduleId };
  }

  async #reload(path: string): Promise<void> {
    const definition = this.#definitions.get(path);
    const known =
      this.#sources.get(path) ??
      (definition === undefined ? undefined : describeDefinition(definition));
    const outcome = await this.#load(path, true);
    const file = this.#display(path);
    if ('reason' in outcome) {
      const kept = known === undefined ? 'not served' : `keeping the previous version of ${known}`;
      this.#logger.error(
        { path, reason: outcome.reason },
        `Could not load ${file}: ${outcome.reason}; ${kept}`,
      );
      return;
    }
    const verb = known === undefined ? 'Added' : 'Reloaded';
    if ('definition' in outcome) {
      const what = describeDefinition(outcome.definition);
      this.#logger.info({ path }, `${verb} ${what} from ${file}`);
      return;
    }
    this.#logger.info(
      { moduleId: outcome.moduleId, path },
      `${verb} module ${outcome.moduleId} from ${file}`,
    );
  }

  #display(path: string): string {
    return relative(this.#rootDir, path);
  }
}

/** What {@link ModuleFiles} made of one file: a module's id, a definition, or why neither. */
type LoadOutcome = { moduleId: string } | { definition: Definition } | { reason: string };

/**
 * A definition named for the log: `resource test://readme`, `prompt greet`. Two definitions the
 * server would not serve side by side (the same URI, template, prompt or event type name) get the
 * same name.
 *
 * @example
 * ```ts
 * describeDefinition(definePrompt({ name: 'greet', get: () => 'Hi' })); // 'prompt greet'
 * ```
 */
export function describeDefinition(definition: Definition): string {
  switch (definition.kind) {
    case 'resource':
      return `resource ${definition.uri}`;
    case 'resourceTemplate':
      return `resource template ${definition.uriTemplate}`;
    case 'prompt':
      return `prompt ${definition.name}`;
    case 'eventType':
      return `event type ${definition.name}`;
  }
}
