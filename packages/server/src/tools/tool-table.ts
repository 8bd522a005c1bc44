import {
  isModuleSelected,
  type Logger,
  type ModuleFilter,
  type RegistryEventCallback,
  type RegistryLike,
  silentLogger,
  ToolNameCollisionError,
  ToolNameTable,
  toModuleFilter,
} from '@apcore-mcp/core';
import type { ServedTool, ToolSource } from './served-tool.js';
import type { BuildToolsResult, ToolBuilder } from './tool-builder.js';

/**
 * One change to the tool table.
 *
 * @example
 * ```ts
 * table.onChange((change: ToolChange) => console.error(change.type, change.name));
 * ```
 */
export interface ToolChange {
  type: 'added' | 'removed';
  /** The tool name clients see. */
  name: string;
  /** The module behind it. */
  moduleId: string;
}

/**
 * Options of {@link ToolTable}.
 *
 * @example
 * ```ts
 * const options: ToolTableOptions = { registry, builder, tags: ['public'] };
 * ```
 */
export interface ToolTableOptions {
  registry: RegistryLike;
  builder: ToolBuilder;
  /** Only modules carrying all of these tags are served. */
  tags?: readonly string[];
  /** Only modules carrying at least one of these tags are served. */
  anyTags?: readonly string[];
  /** Modules carrying any of these tags are not served. */
  excludeTags?: readonly string[];
  /** Only modules whose id starts with this are served. */
  prefix?: string;
  logger?: Logger;
}

/**
 * Keeps the table of served tools and, once started, follows the registry's `register` and
 * `unregister` events: a new module that passes the filters becomes a tool (a module that fails
 * to build is logged and skipped), an unregistered one disappears. Every change is reported to
 * the `onChange` subscribers (the server turns that into `notifications/tools/list_changed`).
 *
 * @example
 * ```ts
 * const table = new ToolTable({ registry, builder, logger });
 * table.refresh();
 * table.start();
 * table.onChange((change) => console.error(change.type, change.name));
 * ```
 */
export class ToolTable implements ToolSource {
  readonly #registry: RegistryLike;
  readonly #builder: ToolBuilder;
  readonly #filter: ModuleFilter;
  readonly #logger: Logger;
  /** Keyed by tool name, in registration order. */
  readonly #tools = new Map<string, ServedTool>();
  #names: ToolNameTable;
  readonly #subscribers = new Set<(change: ToolChange) => void>();
  #listening = false;

  readonly #onRegister: RegistryEventCallback = (moduleId) => {
    if (this.#listening) this.#add(moduleId);
  };

  readonly #onUnregister: RegistryEventCallback = (moduleId) => {
    if (this.#listening) this.#remove(moduleId);
  };

  constructor(options: ToolTableOptions) {
    this.#registry = options.registry;
    this.#builder = options.builder;
    this.#names = new ToolNameTable(options.builder.toolNames);
    this.#logger = options.logger ?? silentLogger;
    this.#filter = toModuleFilter(options);
  }

  /** How many tools are served. */
  get size(): number {
    return this.#tools.size;
  }

  /** Whether registry events are followed. */
  get listening(): boolean {
    return this.#listening;
  }

  list(): ServedTool[] {
    return [...this.#tools.values()];
  }

  get(name: string): ServedTool | undefined {
    return this.#tools.get(name);
  }

  getByModuleId(moduleId: string): ServedTool | undefined {
    const name = this.#names.nameOf(moduleId);
    return name === undefined ? undefined : this.#tools.get(name);
  }

  /**
   * Rebuilds the whole table from the registry (used at startup; also handy after a bulk
   * reload). Subscribers hear about every tool that appeared or disappeared.
   *
   * @throws {ToolNameCollisionError} when two modules would get the same tool name; the table
   *   is left as it was.
   */
  refresh(): BuildToolsResult {
    const result = this.#builder.buildTools(this.#registry, this.#filter);
    const previous = new Map(this.#tools);
    this.#tools.clear();
    this.#names = result.names;
    for (const served of result.tools) this.#tools.set(served.tool.name, served);
    for (const [name, served] of previous) {
      if (!this.#tools.has(name)) this.#emit({ type: 'removed', name, moduleId: served.moduleId });
    }
    for (const [name, served] of this.#tools) {
      if (!previous.has(name)) this.#emit({ type: 'added', name, moduleId: served.moduleId });
    }
    return result;
  }

  /**
   * Starts following registry events. Idempotent.
   *
   * @throws {TypeError} when the registry has no `on()` to follow.
   */
  start(): void {
    if (this.#listening) return;
    if (typeof this.#registry.on !== 'function') {
      throw new TypeError(
        'dynamic needs a registry with on(event, callback); this one cannot report changes',
      );
    }
    this.#listening = true;
    this.#registry.on('register', this.#onRegister);
    this.#registry.on('unregister', this.#onUnregister);
  }

  /** Stops following registry events (unsubscribes when the registry has `off`). Idempotent. */
  stop(): void {
    if (!this.#listening) return;
    this.#listening = false;
    this.#registry.off?.('register', this.#onRegister);
    this.#registry.off?.('unregister', this.#onUnregister);
  }

  /**
   * Subscribes to table changes; returns the unsubscribe function.
   *
   * @example
   * ```ts
   * const unsubscribe = table.onChange(() => server.sendToolListChanged());
   * ```
   */
  onChange(callback: (change: ToolChange) => void): () => void {
    this.#subscribers.add(callback);
    return () => {
      this.#subscribers.delete(callback);
    };
  }

  #add(moduleId: string): void {
    if (!this.#passesFilter(moduleId)) return;
    const outcome = this.#builder.tryBuildTool(this.#registry, moduleId);
    if (!('served' in outcome)) return;
    const { tool } = outcome.served;
    try {
      this.#names.add(moduleId);
    } catch (error) {
      if (!ToolNameCollisionError.isInstance(error)) throw error;
      const [holder] = error.details.moduleIds;
      this.#logger.warn(
        { moduleId, toolName: tool.name, servedModuleId: holder },
        `Skipping module ${moduleId}: its tool name "${tool.name}" is already served for module ${holder}`,
      );
      return;
    }
    this.#tools.set(tool.name, outcome.served);
    this.#logger.info({ moduleId, toolName: tool.name }, `Tool registered: ${tool.name}`);
    this.#emit({ type: 'added', name: tool.name, moduleId });
  }

  #remove(moduleId: string): void {
    const name = this.#names.nameOf(moduleId);
    if (name === undefined) return;
    this.#names.delete(moduleId);
    this.#tools.delete(name);
    this.#logger.info({ moduleId, toolName: name }, `Tool unregistered: ${name}`);
    this.#emit({ type: 'removed', name, moduleId });
  }

  /** The same judgement as at startup (`listModules`), for one module. */
  #passesFilter(moduleId: string): boolean {
    return isModuleSelected(this.#registry, moduleId, this.#filter);
  }

  #emit(change: ToolChange): void {
    for (const subscriber of this.#subscribers) {
      try {
        subscriber(change);
      } catch (error) {
        this.#logger.warn({ err: error, change }, 'A tool change subscriber failed');
      }
    }
  }
}
