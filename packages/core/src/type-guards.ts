import type { ExecutorLike, RegistryLike } from './contract.js';

function hasMethods(value: unknown, ...names: string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function')
  );
}

/**
 * Whether `value` has the shape of an apcore registry: `list()` and `getDefinition()`, what every
 * bridge reads. Told by shape, never `instanceof`, so apcore-js registries pass too. (`on()` is
 * needed only to follow registry changes; the server checks it when asked to.)
 *
 * @example
 * ```ts
 * isRegistryLike(new Registry()); // true
 * ```
 */
export function isRegistryLike(value: unknown): value is RegistryLike {
  return hasMethods(value, 'list', 'getDefinition');
}

/**
 * Whether `value` has the shape of an apcore executor: `call()` and a registry
 * ({@link isRegistryLike}).
 *
 * @example
 * ```ts
 * isExecutorLike(new Executor(registry)); // true
 * ```
 */
export function isExecutorLike(value: unknown): value is ExecutorLike {
  return hasMethods(value, 'call') && isRegistryLike((value as { registry?: unknown }).registry);
}
