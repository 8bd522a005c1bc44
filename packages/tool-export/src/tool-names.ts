import { InvalidToolNameError, ToolNameCollisionError } from '@apcore-mcp/core';
import { type RegistryLike, ToolNameTable, toToolName } from '@apcore-mcp/core/bridge';

/**
 * The tool name of a module id (or a group) in every provider's export: core's safe tool name,
 * the very name the MCP server serves it under (`image.resize` -> `image-resize`; past 64
 * characters a readable head and a hash of the whole id).
 *
 * @throws {InvalidToolNameError} when the id is empty, holds a hyphen or characters outside
 *   `[a-zA-Z0-9_.]`.
 * @example
 * ```ts
 * toExportedToolName('image.resize'); // 'image-resize'
 * ```
 */
export function toExportedToolName(moduleId: string): string {
  return toToolName(moduleId, 'safe');
}

/**
 * The module behind each tool name of a registry, built on first use from all of its modules.
 * A name depends on its module id alone, so every filtered export of the same registry agrees
 * with it. A name two modules would share resolves to neither: the export refuses to offer it,
 * and guessing could run the wrong module.
 *
 * @example
 * ```ts
 * new ToolNames(registry).moduleIdOf('image-resize'); // 'image.resize'
 * ```
 */
export class ToolNames {
  readonly #registry: RegistryLike;
  #table: ToolNameTable | undefined;
  readonly #ambiguous = new Set<string>();

  /** Names of `registry`'s modules, read when first asked. */
  constructor(registry: RegistryLike) {
    this.#registry = registry;
  }

  /** The module `name` stands for, if exactly one module has it. */
  moduleIdOf(name: string): string | undefined {
    const table = this.#table ?? this.#build();
    return this.#ambiguous.has(name) ? undefined : table.moduleIdOf(name);
  }

  #build(): ToolNameTable {
    const table = new ToolNameTable('safe');
    for (const moduleId of this.#registry.list()) {
      try {
        table.add(moduleId);
      } catch (error) {
        if (ToolNameCollisionError.isInstance(error)) this.#ambiguous.add(error.details.toolName);
        else if (!InvalidToolNameError.isInstance(error)) throw error;
      }
    }
    this.#table = table;
    return table;
  }
}
