import { ToolNameCollisionError } from './errors/tool-name-errors.js';
import { type ToolNameStyle, toToolName } from './tool-name.js';

/**
 * The two-way table between module ids and the tool names they are served under. Every name is
 * given by {@link toToolName}; a name another module already holds is refused, so a call by
 * name always reaches the one module that name was given to (shortened names included).
 *
 * @example
 * ```ts
 * const names = new ToolNameTable();
 * names.add('catalog.get_product'); // 'catalog-get_product'
 * names.moduleIdOf('catalog-get_product'); // 'catalog.get_product'
 * ```
 */
export class ToolNameTable {
  /** How this table names modules. */
  readonly style: ToolNameStyle;
  readonly #moduleIdByName = new Map<string, string>();
  readonly #nameByModuleId = new Map<string, string>();

  constructor(style: ToolNameStyle = 'safe') {
    this.style = style;
  }

  /** How many modules have a name. */
  get size(): number {
    return this.#nameByModuleId.size;
  }

  /**
   * Gives a module its tool name and returns it; the same module again gets the same name.
   * `name` gives it one chosen elsewhere (a display alias, already checked) instead of the one
   * its id has in this style. Nothing is recorded when it throws.
   *
   * @throws {InvalidToolNameError} when the id has no tool name in this style.
   * @throws {ToolNameCollisionError} when another module holds the name.
   * @example
   * ```ts
   * const name = names.add('orders.place_order'); // 'orders-place_order'
   * names.add('orders.cancel', 'cancel_order'); // 'cancel_order'
   * ```
   */
  add(moduleId: string, name: string = toToolName(moduleId, this.style)): string {
    const holder = this.#moduleIdByName.get(name);
    if (holder !== undefined && holder !== moduleId) {
      throw new ToolNameCollisionError({ toolName: name, moduleIds: [holder, moduleId] });
    }
    // A module given another name (its alias changed) frees the old one.
    const previous = this.#nameByModuleId.get(moduleId);
    if (previous !== undefined && previous !== name) this.#moduleIdByName.delete(previous);
    this.#moduleIdByName.set(name, moduleId);
    this.#nameByModuleId.set(moduleId, name);
    return name;
  }

  /**
   * Frees a module's name; `false` when it had none.
   *
   * @example
   * ```ts
   * names.delete('orders.place_order');
   * ```
   */
  delete(moduleId: string): boolean {
    const name = this.#nameByModuleId.get(moduleId);
    if (name === undefined) return false;
    this.#nameByModuleId.delete(moduleId);
    this.#moduleIdByName.delete(name);
    return true;
  }

  /**
   * The module served under a tool name.
   *
   * @example
   * ```ts
   * names.moduleIdOf('orders-place_order'); // 'orders.place_order'
   * ```
   */
  moduleIdOf(name: string): string | undefined {
    return this.#moduleIdByName.get(name);
  }

  /**
   * The tool name of a module that has one.
   *
   * @example
   * ```ts
   * names.nameOf('orders.place_order'); // 'orders-place_order'
   * ```
   */
  nameOf(moduleId: string): string | undefined {
    return this.#nameByModuleId.get(moduleId);
  }
}
