import { buildMiddlewares, type Middleware } from '@apcore-mcp/runtime/middlewares';
import { defineServerFeature } from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { MIDDLEWARE_OPTIONS } from './middleware-option.js';

/** An executor middlewares can be added to and taken from (the runtime's `Executor` is one). */
interface MiddlewareHost {
  use(middleware: Middleware): unknown;
  remove?(middleware: Middleware): unknown;
}

function isMiddlewareHost(executor: unknown): executor is MiddlewareHost {
  return typeof (executor as { use?: unknown } | null)?.use === 'function';
}

/**
 * Middlewares from configuration (`middleware`): the contract's `mcp.middleware` entries and the
 * application's own middleware objects, installed on the executor with `use()` in the order
 * given, after the middlewares it already has, and taken off again when the server stops. They
 * run inside every module call, nested calls included: after the server's own checks (limits,
 * ACL, input validation, approval), around the module.
 *
 * @example
 * ```ts
 * await serve(registry, { middleware: [{ type: 'retry', max_retries: 2 }, { type: 'logging' }] });
 * ```
 */
export const MIDDLEWARE_FEATURE = defineServerFeature({
  name: 'middleware',
  options: MIDDLEWARE_OPTIONS,
  open: ({ middleware }, frame, { executor }) => {
    if (middleware.length === 0) return undefined;
    if (!isMiddlewareHost(executor)) {
      throw new InvalidOptionError({
        option: 'middleware',
        value: middleware,
        expected: EXPECTED_HOST,
        sentence: [{ option: 'middleware' }, ` needs an executor with use(); this one has none`],
      });
    }
    const installed = buildMiddlewares(middleware, { name: 'middleware', logger: frame.logger });
    for (const entry of installed) executor.use(entry);
    return {
      stop: () => {
        for (const entry of installed) executor.remove?.(entry);
      },
    };
  },
});

const EXPECTED_HOST = 'an executor with use() (the runtime Executor)';
