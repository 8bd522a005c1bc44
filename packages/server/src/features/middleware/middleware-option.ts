import {
  buildMiddlewares,
  type Middleware,
  type MiddlewareConfigEntry,
} from '@apcore-mcp/runtime/middlewares';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';

/**
 * One entry of the `middleware` option: a contract entry (`{ type: 'retry', max_retries: 2 }`)
 * or a middleware object of the application's own (`{ before, after, onError }`).
 */
export type MiddlewareOptionEntry = MiddlewareConfigEntry | Middleware;

const EXPECTED =
  'a list of middleware entries ({ type: retry | logging | error_history, ... }) or middleware objects';

/**
 * Checks the `middleware` option: every entry must build (see `buildMiddlewares`), so a bad one
 * stops the start, named by its field (`middleware[1].max_retries`).
 *
 * @throws {InvalidOptionError} naming the entry or field.
 * @example
 * ```ts
 * resolveMiddleware([{ type: 'retry' }, { onError: () => null }]); // the same two entries
 * ```
 */
export function resolveMiddleware(value: unknown): readonly MiddlewareOptionEntry[] {
  try {
    buildMiddlewares(value, { name: 'middleware' });
  } catch (error) {
    const field = (error as { details?: { field?: unknown } }).details?.field;
    const option = typeof field === 'string' ? field : 'middleware';
    const message = (error as Error).message;
    throw new InvalidOptionError({
      option,
      value,
      expected: EXPECTED,
      sentence: [
        { option },
        message.startsWith(option) ? message.slice(option.length) : `: ${message}`,
      ],
      cause: error,
    });
  }
  return Object.freeze([...((value ?? []) as MiddlewareOptionEntry[])]);
}

/** The middleware feature's options. */
export const MIDDLEWARE_OPTIONS = {
  /**
   * Middlewares the executor runs around every module call, after the ones it already has: the
   * contract's entries (`retry`, `logging`, `error_history`) and middleware objects of your own.
   */
  middleware: declareOption<readonly MiddlewareOptionEntry[], readonly MiddlewareOptionEntry[]>({
    expected: EXPECTED,
    defaultValue: [],
    resolve: resolveMiddleware,
    cli: [
      {
        key: 'middleware',
        kind: 'mappings',
        help: 'Middlewares around every module call: a list of { type: retry | logging | error_history, ... }',
      },
    ],
  }),
};
