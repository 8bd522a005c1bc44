import { ErrorCodes, ModuleError } from '@apcore-mcp/core';
import type { ModuleLike } from '@apcore-mcp/core/bridge';
import { compileSchema, type SchemaCheck } from './schema-validator.js';

interface CacheEntry {
  module: ModuleLike;
  input?: SchemaCheck;
  output?: SchemaCheck;
}

type SchemaSide = 'input' | 'output';

/**
 * Compiled validators per module id, each compiled on first use and kept while the same module
 * object stays registered under that id. {@link ValidatorCache.forget} drops an id (the
 * executor calls it on register / unregister).
 */
export class ValidatorCache {
  readonly #entries = new Map<string, CacheEntry>();

  /** The validator of the module's `inputSchema` or `outputSchema`. */
  get(moduleId: string, module: ModuleLike, side: SchemaSide): SchemaCheck {
    let entry = this.#entries.get(moduleId);
    if (entry === undefined || entry.module !== module) {
      entry = { module };
      this.#entries.set(moduleId, entry);
    }
    const cached = entry[side];
    if (cached !== undefined) return cached;
    const compiled = compileModuleSchema(moduleId, module, side);
    entry[side] = compiled;
    return compiled;
  }

  /** Drops the validators of `moduleId`. */
  forget(moduleId: string): void {
    this.#entries.delete(moduleId);
  }
}

function compileModuleSchema(moduleId: string, module: ModuleLike, side: SchemaSide): SchemaCheck {
  const schema = side === 'input' ? module.inputSchema : module.outputSchema;
  try {
    return compileSchema(schema);
  } catch (error) {
    throw new ModuleError({
      code: ErrorCodes.MODULE_EXECUTE_ERROR,
      message: `Module ${moduleId} has an invalid ${side}Schema: ${(error as Error).message}`,
      details: { moduleId },
      cause: error,
    });
  }
}
