import {
  type ExecutorLike,
  isExecutorLike,
  isRegistryLike,
  type RegistryLike,
} from '@apcore-mcp/core/bridge';
import { Executor, type ModuleSource } from '@apcore-mcp/runtime';

/** The registry whose modules become tools and the executor that runs them. */
export interface ResolvedTarget {
  registry: RegistryLike;
  executor: ExecutorLike;
}

/**
 * Anything `serve()` accepts: a registry (gets a default executor) or an executor.
 *
 * @example
 * ```ts
 * const target: RegistryOrExecutor = new Executor(registry, { acl });
 * ```
 */
export type RegistryOrExecutor = RegistryLike | ExecutorLike;

/**
 * Tells a registry from an executor by shape (never `instanceof`, so apcore-js objects work):
 * an executor has `call()` and a `registry`; a registry has `list()` and `getDefinition()` (and
 * `on()` when `dynamic` is on; the tool table checks that).
 * A registry gets the core runtime's default `Executor` (which needs the registry's `get()`).
 *
 * @throws {TypeError} "Expected Registry or Executor instance, got ..." for anything else.
 */
export function resolveTarget(target: unknown): ResolvedTarget {
  if (isExecutorLike(target)) return { registry: target.registry, executor: target };
  if (isRegistryLike(target)) {
    if (typeof (target as Partial<ModuleSource>).get !== 'function') {
      throw new TypeError(
        'This registry has no get(moduleId), so the default executor cannot run its modules: pass an executor for it instead',
      );
    }
    return { registry: target, executor: new Executor(target as ModuleSource) };
  }
  throw new TypeError(`Expected Registry or Executor instance, got ${describeValue(target)}`);
}

/**
 * The registry of `target` alone, for what only reads it (no executor is made).
 *
 * @throws {TypeError} "Expected Registry or Executor instance, got ..." for anything else.
 */
export function resolveRegistry(target: unknown): RegistryLike {
  if (isExecutorLike(target)) return target.registry;
  if (isRegistryLike(target)) return target;
  throw new TypeError(`Expected Registry or Executor instance, got ${describeValue(target)}`);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name : 'object';
}
