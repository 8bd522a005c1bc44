import { ErrorCodes } from '@apcore-mcp/core';
import { createToolErrorResult } from '@apcore-mcp/errors';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import type { WindowedLimit } from './limit-windows.js';

/**
 * What a counter counts: every call, calls of destructive tools, or the modules' costs.
 *
 * @example
 * ```ts
 * const kind: LimitKind = 'destructiveCalls';
 * ```
 */
export type LimitKind = 'calls' | 'destructiveCalls' | 'budget';

/** A refusal with `retryAfterSeconds` in `_meta`, next to the error code. */
function withRetryAfter(result: ToolCallResult, retryAfterSeconds: number): ToolCallResult {
  return { ...result, _meta: { ...result._meta, retryAfterSeconds } };
}

/** Whole seconds until the window ends; at least 1, so a client never retries at once. */
function secondsUntil(endsAt: number, now: number): number {
  return Math.max(1, Math.ceil((endsAt - now) / 1000));
}

/**
 * The answer to a call over a limit: which limit, and when the next window opens.
 * "Rate limit of 60 calls per minute reached; retry in 12 s".
 *
 * @example
 * ```ts
 * refuseOverLimit({ kind: 'calls', limit: minute, cost: 1, current: 60, now });
 * ```
 */
export function refuseOverLimit(refused: {
  kind: LimitKind;
  limit: WindowedLimit;
  cost: number;
  current: number;
  now: number;
}): ToolCallResult {
  const { kind, limit, cost, current, now } = refused;
  const per = `per ${limit.window}`;
  if (kind === 'budget' && cost > limit.limit) {
    // No window would ever let it run: no retry time to give.
    return createToolErrorResult(
      `This call costs ${cost}, more than the whole budget of ${limit.limit} ${per}`,
      ErrorCodes.BUDGET_EXCEEDED,
    );
  }
  const retryAfterSeconds = secondsUntil(limit.endsAt, now);
  const retry = `retry in ${retryAfterSeconds} s`;
  if (kind === 'budget') {
    const text = `Budget of ${limit.limit} ${per} reached: this call costs ${cost} and ${current} is spent; ${retry}`;
    return withRetryAfter(
      createToolErrorResult(text, ErrorCodes.BUDGET_EXCEEDED),
      retryAfterSeconds,
    );
  }
  const calls = kind === 'destructiveCalls' ? 'destructive calls' : 'calls';
  const text = `Rate limit of ${limit.limit} ${calls} ${per} reached; ${retry}`;
  return withRetryAfter(createToolErrorResult(text, ErrorCodes.RATE_LIMITED), retryAfterSeconds);
}

/**
 * The answer to a call of a module costing more than one call may (`maxCostPerCall`): no window
 * would ever let it run, so it gives no retry time and says what to do instead.
 *
 * @example
 * ```ts
 * refuseOverCostCap(12, 10); // BUDGET_EXCEEDED: "This call costs 12, more than the 10 one call may cost; ..."
 * ```
 */
export function refuseOverCostCap(cost: number, cap: number): ToolCallResult {
  return createToolErrorResult(
    `This call costs ${cost}, more than the ${cap} one call may cost; nothing ran. Do not retry it: use a cheaper tool, or ask the operator to raise the cost cap`,
    ErrorCodes.BUDGET_EXCEEDED,
  );
}
