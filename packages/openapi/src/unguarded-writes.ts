import type { OpenapiModule } from './openapi-modules.js';

/** The methods whose operations change data. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The modules whose operation changes data (POST, PUT, PATCH, DELETE) and does not ask for
 * approval itself. Nothing in an OpenAPI document says which writes matter, so none asks: a
 * server whose approval is off should name these at start, with {@link describeUnguardedWrites}.
 *
 * @example
 * ```ts
 * const writes = findUnguardedWrites(result.modules);
 * if (writes.length > 0 && !approvalOn) logger.warn(describeUnguardedWrites(writes));
 * ```
 */
export function findUnguardedWrites(modules: readonly OpenapiModule[]): OpenapiModule[] {
  return modules.filter(
    ({ module, operation }) =>
      WRITE_METHODS.has(operation.method) && module.annotations.requiresApproval !== true,
  );
}

/**
 * The start-up warning for {@link findUnguardedWrites}' modules: how many, which (the first
 * ten), and how to put a person in the loop.
 *
 * @example
 * ```ts
 * describeUnguardedWrites(writes);
 * // 'OpenAPI: 2 operations change data and nothing asks for approval: create_pets (POST /pets), ...'
 * ```
 */
export function describeUnguardedWrites(writes: readonly OpenapiModule[]): string {
  const shown = writes
    .slice(0, 10)
    .map(({ moduleId, operation }) => `${moduleId} (${operation.method} ${operation.path})`)
    .join(', ');
  const more = writes.length > 10 ? ` and ${writes.length - 10} more` : '';
  const count = writes.length === 1 ? '1 operation changes' : `${writes.length} operations change`;
  return `OpenAPI: ${count} data and nothing asks for approval: ${shown}${more}. Turn approval on, or require it in an ACL rule for these ids.`;
}
