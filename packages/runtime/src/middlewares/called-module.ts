import type { ModuleDescriptor } from '@apcore-mcp/core/bridge';
import type { Context } from '../context.js';

/**
 * The descriptor of the module a middleware hook is called for, read from the registry of the
 * executor running the call (not copied: read it, never change it); `null` when the context
 * has no executor or the registry no longer knows the module.
 *
 * @example
 * ```ts
 * const idempotent = calledModule(moduleId, context)?.annotations.idempotent === true;
 * ```
 */
export function calledModule(moduleId: string, context: Context): ModuleDescriptor | null {
  if (!context.hasExecutor) return null;
  try {
    return context.executor.registry.getDefinition(moduleId, { copy: false });
  } catch {
    return null;
  }
}
