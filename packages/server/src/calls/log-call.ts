import { readProperty } from '@apcore-mcp/core/bridge';
import { INTERNAL_ERROR_CODE } from '@apcore-mcp/errors';
import { type RouterCallExtra, readCallTraceId } from '../kernel/call-extra.js';
import { isLevelEnabled, type Logger, withFields } from '../kernel/logger.js';
import { readErrorCode, type ToolCallResult } from '../kernel/tool-call-result.js';

/**
 * `logger` naming the call's trace id in every record when the server knows one (a client's
 * `traceparent`, a span), so the server's lines match the module's and the tracing backend's;
 * `logger` itself otherwise: an untraced call binds nothing.
 *
 * @example
 * ```ts
 * logCall(withCallTrace(logger, extra), { tool: 'math-add', result, startedAt });
 * ```
 */
export function withCallTrace(logger: Logger, extra: RouterCallExtra): Logger {
  const traceId = readCallTraceId(extra);
  return traceId === undefined ? logger : withFields(logger, { traceId });
}

/**
 * An answered call, as its log line tells it.
 *
 * @example
 * ```ts
 * const answered: AnsweredCall = { tool: 'math-add', result, startedAt: performance.now() };
 * ```
 */
export interface AnsweredCall {
  /** The tool's name as the client called it. */
  tool: string;
  result: ToolCallResult;
  /** When the server took the call (`performance.now()`). */
  startedAt: number;
  /** A failed call: what the steps threw, when the error result was made from a throw. */
  failure?: { readonly thrown: unknown } | undefined;
  /** The call's trace id when the server knows one (a client's `traceparent`, a span). */
  traceId?: string | undefined;
  /** The context the module got, whose trace id names a failure the server had no id for. */
  context?: unknown;
}

/**
 * Logs an answered call, once. A success at debug (tool, duration). A failure at warn, with the
 * tool, its error code and trace id, or at error when the module failed unexpectedly (an
 * `INTERNAL_ERROR`, with the error and its stack); a module error's `cause` rides along. Never
 * the arguments. Never throws: a logger that fails must not turn an answered call into a
 * failure.
 *
 * @example
 * ```ts
 * logCall(logger, { tool: 'math-add', result, startedAt: performance.now() - 3 });
 * ```
 */
export function logCall(logger: Logger, answered: AnsweredCall): void {
  try {
    if (answered.result.isError === true) logFailure(logger, answered);
    else if (isLevelEnabled(logger, 'debug')) {
      logger.debug({ tool: answered.tool, durationMs: durationOf(answered) }, 'Tool call');
    }
  } catch {
    // Answered is answered, whatever the logger does.
  }
}

function logFailure(logger: Logger, answered: AnsweredCall): void {
  const errorCode = readErrorCode(answered.result);
  const unexpected = errorCode === INTERNAL_ERROR_CODE;
  const thrown = answered.failure?.thrown;
  // The stack of what went wrong stays on the server: the error itself, or what caused it.
  const err = unexpected ? thrown : readProperty(thrown, 'cause');
  const traceId =
    answered.traceId ?? readString(thrown, 'traceId') ?? readString(answered.context, 'traceId');
  const record = {
    tool: answered.tool,
    ...(errorCode === undefined ? {} : { errorCode }),
    ...(traceId === undefined ? {} : { traceId }),
    durationMs: durationOf(answered),
    ...(err === undefined ? {} : { err }),
  };
  if (unexpected) logger.error(record, 'Tool call failed');
  else logger.warn(record, 'Tool call failed');
}

function durationOf(answered: AnsweredCall): number {
  return Math.round((performance.now() - answered.startedAt) * 100) / 100;
}

function readString(value: unknown, key: string): string | undefined {
  const read = readProperty(value, key);
  return typeof read === 'string' && read !== '' ? read : undefined;
}
