import type { Logger } from '@apcore-mcp/core/bridge';
import type { Context } from './context.js';
import { RetrySignal } from './middlewares/retry-signal.js';

/** A hook's result: a replacement object, or nothing to keep the current value. */
// biome-ignore lint/suspicious/noConfusingVoidType: hooks that simply return nothing must type-check.
type HookResult = Record<string, unknown> | null | undefined | void;

/** What `onError` may return besides a recovery output: a {@link RetrySignal}. */
type ErrorHookResult = HookResult | RetrySignal;

type Awaitable<T> = T | Promise<T>;

/**
 * Hooks around every module call. `before` runs in registration order and may return replaced
 * inputs; `after` runs in reverse order and may return a replaced output; `onError` runs in
 * reverse order for the middlewares whose `before` ran, and the first one returning an object
 * recovers the call with that output, or, returning a {@link RetrySignal}, has the module run
 * again (`executor.call()` only). Returning `null` / `undefined` changes nothing. Hooks may be
 * async.
 *
 * @example
 * ```ts
 * const timing: Middleware = {
 *   name: 'timing',
 *   before: (moduleId, inputs, context) => { context.data.startedAt = Date.now(); return null; },
 *   after: (moduleId, inputs, output) => ({ ...output, tookMs: 0 }),
 * };
 * executor.use(timing);
 * ```
 */
export interface Middleware {
  /** Shown in logs. */
  readonly name?: string;
  before?(
    moduleId: string,
    inputs: Record<string, unknown>,
    context: Context,
  ): Awaitable<HookResult>;
  after?(
    moduleId: string,
    inputs: Record<string, unknown>,
    output: Record<string, unknown>,
    context: Context,
  ): Awaitable<HookResult>;
  onError?(
    moduleId: string,
    inputs: Record<string, unknown>,
    error: unknown,
    context: Context,
  ): Awaitable<ErrorHookResult>;
}

/** The facts every middleware hook receives. */
export interface MiddlewareCall {
  moduleId: string;
  context: Context;
  logger: Logger;
}

function isReplacement(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Runs every `before` in order. `ran` receives each middleware before its hook runs, so that
 * a failing `before` still gets its own `onError`.
 */
export async function runBefore(
  middlewares: readonly Middleware[],
  call: MiddlewareCall,
  inputs: Record<string, unknown>,
  ran: Middleware[],
): Promise<Record<string, unknown>> {
  let current = inputs;
  for (const middleware of middlewares) {
    ran.push(middleware);
    const replaced = await middleware.before?.(call.moduleId, current, call.context);
    if (isReplacement(replaced)) current = replaced;
  }
  return current;
}

/** Runs every `after` in reverse order, threading the output through. */
export async function runAfter(
  middlewares: readonly Middleware[],
  call: MiddlewareCall,
  inputs: Record<string, unknown>,
  output: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let current = output;
  for (const middleware of [...middlewares].reverse()) {
    const replaced = await middleware.after?.(call.moduleId, inputs, current, call.context);
    if (isReplacement(replaced)) current = replaced;
  }
  return current;
}

/**
 * Runs `onError` of the middlewares that ran, in reverse order; the first object returned is
 * the answer: a recovery output, or a {@link RetrySignal}. A throwing `onError` is logged and
 * skipped: it must not hide the error.
 */
export async function runOnError(
  ran: readonly Middleware[],
  call: MiddlewareCall,
  inputs: Record<string, unknown>,
  error: unknown,
): Promise<Record<string, unknown> | RetrySignal | null> {
  for (const middleware of [...ran].reverse()) {
    try {
      const answer = await middleware.onError?.(call.moduleId, inputs, error, call.context);
      if (RetrySignal.isInstance(answer) || isReplacement(answer)) return answer;
    } catch (hookError) {
      call.logger.error(
        { err: hookError, middleware: middleware.name, moduleId: call.moduleId },
        'Middleware onError hook failed',
      );
    }
  }
  return null;
}
