import type { ExecutorLike, RegistryLike } from '@apcore-mcp/core';
import { InvalidArgumentError } from './invalid-argument-error.js';

function hasMethods(value: unknown, ...names: string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function')
  );
}

/** Whether `value` has an executor's shape: a `call` method and a `registry`. */
export function isExecutorLike(value: unknown): value is ExecutorLike {
  return hasMethods(value, 'call') && isRegistryLike((value as { registry?: unknown }).registry);
}

/** Whether `value` has a registry's shape: `list` and `getDefinition` methods. */
export function isRegistryLike(value: unknown): value is RegistryLike {
  return hasMethods(value, 'list', 'getDefinition');
}

/**
 * The registry behind a registry or an executor, told apart by shape (never `instanceof`), so
 * apcore-js objects work as well as `@apcore-mcp/core`'s.
 *
 * @throws {InvalidArgumentError} when `value` is neither.
 */
export function resolveRegistry(value: unknown): RegistryLike {
  if (isExecutorLike(value)) return value.registry;
  if (isRegistryLike(value)) return value;
  throw new InvalidArgumentError(
    'Expected an apcore Registry (list, getDefinition) or Executor (call, registry)',
    { argument: 'registryOrExecutor' },
  );
}
