import { InvalidToolNameError, ToolNameCollisionError } from '@apcore-mcp/core';
import { type RegistryLike, ToolNameTable } from '@apcore-mcp/core/bridge';

/**
 * The module behind each function name of a registry, built on first use from all of its
 * modules. A name depends on its module id alone, so every filtered export of the same registry
 * agrees with it. A name two modules would share resolves to neither: `toOpenaiTools` refuses to
 * offer it, and guessing could run the wrong module.
 */
export class FunctionNames {
  readonly #registry: RegistryLike;
  #table: ToolNameTable | undefined;
  readonly #ambiguous = new Set<string>();

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
