import { isExecutorLike, isRegistryLike, type RegistryLike } from '@apcore-mcp/core/bridge';
import { InvalidArgumentError } from '../invalid-argument-error.js';

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
