import { isRecord, type Logger, suggestClosest } from '@apcore-mcp/core/bridge';
import type { Middleware } from '../middleware.js';
import { type ErrorHistoryConfig, ErrorHistoryMiddleware } from './error-history-middleware.js';
import { type LoggingConfig, LoggingMiddleware } from './logging-middleware.js';
import { type FieldSpec, readFields, refuseField } from './middleware-config-fields.js';
import { type RetryConfig, RetryMiddleware } from './retry-middleware.js';

/** Options of {@link buildMiddlewares}. */
export interface BuildMiddlewaresOptions {
  /** How errors name the list: `mcp.middleware` (default), or a server option's name. */
  name?: string;
  /** Given to the middlewares that log (`retry`, `logging`). */
  logger?: Logger;
}

interface MiddlewareType {
  readonly fields: readonly FieldSpec[];
  create(options: Record<string, unknown>, logger: Logger | undefined): Middleware;
}

/** The contract's middleware types, by `type`, with the keys each takes. */
const MIDDLEWARE_TYPES: Readonly<Record<string, MiddlewareType>> = {
  retry: {
    fields: [
      { key: 'max_retries', option: 'maxRetries', kind: 'count' },
      { key: 'strategy', option: 'strategy', kind: 'strategy' },
      { key: 'base_delay_ms', option: 'baseDelayMs', kind: 'milliseconds' },
      { key: 'max_delay_ms', option: 'maxDelayMs', kind: 'milliseconds' },
      { key: 'jitter', option: 'jitter', kind: 'boolean' },
    ],
    create: (options, logger) =>
      new RetryMiddleware({ ...(options as RetryConfig), ...(logger ? { logger } : {}) }),
  },
  logging: {
    fields: [
      { key: 'log_inputs', option: 'logInputs', kind: 'boolean' },
      { key: 'log_outputs', option: 'logOutputs', kind: 'boolean' },
      { key: 'log_errors', option: 'logErrors', kind: 'boolean' },
    ],
    create: (options, logger) =>
      new LoggingMiddleware({ ...(options as LoggingConfig), ...(logger ? { logger } : {}) }),
  },
  error_history: {
    fields: [
      { key: 'max_entries_per_module', option: 'maxEntriesPerModule', kind: 'positive-count' },
      { key: 'max_total_entries', option: 'maxTotalEntries', kind: 'positive-count' },
    ],
    create: (options) => new ErrorHistoryMiddleware(options as ErrorHistoryConfig),
  },
};

const TYPE_NAMES = Object.keys(MIDDLEWARE_TYPES);

/**
 * One entry of a middleware configuration: its `type` and that type's keys, snake_case as the
 * contract writes them (`max_retries`) or camelCase (`maxRetries`).
 */
export interface MiddlewareConfigEntry {
  type: 'retry' | 'logging' | 'error_history';
  [key: string]: unknown;
}

/** A middleware object of the application's own: hooks and no `type`. */
function isMiddlewareObject(entry: Record<string, unknown>): boolean {
  if (Object.hasOwn(entry, 'type')) return false;
  return ['before', 'after', 'onError'].some((hook) => typeof entry[hook] === 'function');
}

function readEntry(entry: unknown, path: string, logger: Logger | undefined): Middleware {
  if (isRecord(entry) && isMiddlewareObject(entry)) return entry as Middleware;
  if (!isRecord(entry)) {
    refuseField(
      path,
      `must be an object with a 'type', got ${JSON.stringify(entry) ?? String(entry)}`,
    );
  }
  const { type } = entry;
  if (type === undefined) {
    refuseField(path, `missing required 'type' (one of ${TYPE_NAMES.join(', ')})`);
  }
  const known =
    typeof type === 'string' && Object.hasOwn(MIDDLEWARE_TYPES, type)
      ? MIDDLEWARE_TYPES[type]
      : undefined;
  if (known === undefined) {
    const guess = typeof type === 'string' ? suggestClosest(type, TYPE_NAMES) : undefined;
    refuseField(
      `${path}.type`,
      `unknown type ${JSON.stringify(type)}${guess === undefined ? '' : ` (did you mean '${guess}'?)`}; known types: ${TYPE_NAMES.join(', ')}`,
    );
  }
  return known.create(readFields(entry, known.fields, path, type as string), logger);
}

/**
 * Builds the middlewares a configuration lists (the contract's `mcp.middleware`: a list of
 * `{ type, ...config }` with `type` one of `retry`, `logging`, `error_history`), in the list's
 * order, each type's defaults filling what is left out. Keys are the contract's snake_case
 * (`max_retries`), or their camelCase (`maxRetries`). A middleware object (hooks, no `type`)
 * stands for itself. Nothing is built unless every entry reads.
 *
 * @throws {InvalidInputError} naming the bad entry or field (`mcp.middleware[1].max_retries`):
 *   a list that is not one, an entry that is not an object, a missing or unknown `type`,
 *   unexpected keys, a value of the wrong type.
 * @example
 * ```ts
 * for (const middleware of buildMiddlewares([{ type: 'retry', max_retries: 2 }, { type: 'logging' }], { logger })) {
 *   executor.use(middleware);
 * }
 * ```
 */
export function buildMiddlewares(
  entries: unknown,
  options: BuildMiddlewaresOptions = {},
): Middleware[] {
  const { name = 'mcp.middleware', logger } = options;
  if (entries === null || entries === undefined) return [];
  if (!Array.isArray(entries)) {
    refuseField(name, `must be a list of middleware entries, got ${JSON.stringify(entries)}`);
  }
  return entries.map((entry, index) => readEntry(entry, `${name}[${index}]`, logger));
}
