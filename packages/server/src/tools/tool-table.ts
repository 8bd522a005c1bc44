import type { EncodeActionTable } from '@apcore-mcp/annotations';
import { ToolNameCollisionError } from '@apcore-mcp/core';
import {
  isModuleSelected,
  type Logger,
  type ModuleFilter,
  type RegistryEventCallback,
  type RegistryLike,
  silentLogger,
  ToolNameTable,
  toModuleFilter,
} from '@apcore-mcp/core/bridge';
import {
  groupServedTools,
  narrowGroupedTool,
  runSameModules,
} from '../grouping/group-served-tools.js';
import type { ToolGrouping } from '../grouping/grouping-options.js';
import type { ServedTool, ToolSource } from '../kernel/served-tool.js';
import type { BuildToolsResult, SkippedModule, ToolBuilder } from './tool-builder.js';
import type { ToolChange, ToolTableOptions } from './tool-table-options.js';

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
  readonly #grouping: ToolGrouping | undefined;
  readonly #encodeTable: EncodeActionTable | undefined;
  /** Each served module's own entry, keyed by its tool name, in registration order. */
  readonly #modules = new Map<string, ServedTool>();
  /** What clients see: the module entries, some folded into grouped ones, keyed by tool name. */
  #listed = new Map<string, ServedTool>();
  #names: ToolNameTable;
  /** The modules that pass the filters but are not served, and why, by module id. */
  readonly #skipped = new Map<string, SkippedModule>();
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
    this.#grouping = options.grouping;
    if (options.grouping?.toonDescriptions === true && options.encodeTable === undefined) {
      throw new TypeError('toonDescriptions needs an encodeTable (@apcore-mcp/toon)');
    }
    this.#encodeTable = options.grouping?.toonDescriptions ? options.encodeTable : undefined;
  }

  /** How many tools are listed (a grouped tool counts once). */
  get size(): number {
    return this.#listed.size;
  }

  /** Whether registry events are followed. */
  get listening(): boolean {
    return this.#listening;
  }

  list(): ServedTool[] {
    return [...this.#listed.values()];
  }

  get(name: string): ServedTool | undefined {
    return this.#listed.get(name);
  }

  getByModuleId(moduleId: string): ServedTool | undefined {
    const name = this.#names.nameOf(moduleId);
    return name === undefined ? undefined : this.#modules.get(name);
  }

  /**
   * The modules that pass the filters but are not served right now (their schemas or tool are
   * invalid, their tool name is taken), and why, in the order they were skipped. A module
   * leaves the list once it is served or unregistered.
   */
  skipped(): SkippedModule[] {
    return [...this.#skipped.values()];
  }

  /**
   * A grouped tool narrowed to the actions in `kept`, as a caller who may run only those sees
   * it (see `narrowGroupedTool`); `served` itself when nothing is left out.
   */
  narrowGroup(served: ServedTool, kept: ReadonlySet<string>): ServedTool {
    if (this.#grouping === undefined) return served;
    return narrowGroupedTool(served, kept, { ...this.#grouping, encodeTable: this.#encodeTable });
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
    this.#modules.clear();
    this.#skipped.clear();
    for (const skipped of result.skipped) this.#skipped.set(skipped.moduleId, skipped);
    this.#names = result.names;
    for (const served of result.tools) this.#modules.set(served.tool.name, served);
    this.#relist();
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
    if (!('served' in outcome)) {
      this.#skipped.set(moduleId, outcome.skipped);
      return;
    }
    const { tool } = outcome.served;
    try {
      this.#names.add(moduleId, tool.name);
    } catch (error) {
      if (!ToolNameCollisionError.isInstance(error)) throw error;
      const [holder] = error.details.moduleIds;
      const reason = `its tool name "${tool.name}" is already served for module ${holder}`;
      this.#logger.warn(
        { moduleId, toolName: tool.name, servedModuleId: holder },
        `Skipping module ${moduleId}: ${reason}`,
      );
      this.#skipped.set(moduleId, { moduleId, reason });
      return;
    }
    this.#skipped.delete(moduleId);
    this.#modules.set(tool.name, outcome.served);
    this.#logger.info({ moduleId, toolName: tool.name }, `Tool registered: ${tool.name}`);
    this.#relist();
  }

  #remove(moduleId: string): void {
    this.#skipped.delete(moduleId);
    const name = this.#names.nameOf(moduleId);
    if (name === undefined) return;
    this.#names.delete(moduleId);
    this.#modules.delete(name);
    this.#logger.info({ moduleId, toolName: name }, `Tool unregistered: ${name}`);
    this.#relist();
  }

  /**
   * Recomputes what clients see from the module entries (grouping them again: under `auto` a
   * change can fold or unfold every namespace) and reports each listed tool that appeared,
   * disappeared or, for a grouped one, changed its modules. An unchanged group keeps its object.
   */
  #relist(): void {
    const previous = this.#listed;
    const entries = [...this.#modules.values()];
    const listed =
      this.#grouping === undefined
        ? entries
        : groupServedTools(entries, {
            ...this.#grouping,
            tagsOf: (moduleId) => this.#registry.getDefinition(moduleId, { copy: false })?.tags,
            encodeTable: this.#encodeTable,
            toolNames: this.#builder.toolNames,
            logger: this.#logger,
          });
    this.#listed = new Map();
    for (const served of listed) {
      const before = previous.get(served.tool.name);
      const kept = before !== undefined && runSameModules(before, served) ? before : served;
      this.#listed.set(served.tool.name, kept);
    }
    for (const [name, served] of previous) {
      if (!this.#listed.has(name)) this.#emit({ type: 'removed', name, moduleId: served.moduleId });
    }
    for (const [name, served] of this.#listed) {
      const before = previous.get(name);
      if (before === undefined) this.#emit({ type: 'added', name, moduleId: served.moduleId });
      else if (before !== served && served.actions !== undefined) {
        this.#emit({ type: 'changed', name, moduleId: served.moduleId });
      }
    }
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
