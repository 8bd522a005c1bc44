import type { CallScope } from './call-scope.js';
import { Context } from './context.js';
import type { Executor } from './executor.js';

/**
 * The context a module runs under when `executor` calls it from `parent`: the parent's child
 * for `moduleId`, cancelled by the call's scope (its timeout and the parent's cancellation;
 * the scope's signal is made only if the module reads it), with `executor` for nested calls
 * when the parent has none. A parent from
 * another copy of this runtime (or from apcore-js) is read through its public fields only.
 *
 * @example
 * ```ts
 * const context = createCallContext(parent, { moduleId: 'image.resize', scope, executor });
 * ```
 */
export function createCallContext(
  parent: Context,
  call: { moduleId: string; scope: CallScope; executor: Executor },
): Context {
  const chain = parent.callChain;
  return new Context({
    traceId: parent.traceId,
    callerId: chain.length > 0 ? (chain[chain.length - 1] ?? null) : null,
    identity: parent.identity,
    callChain: Object.freeze([...chain, call.moduleId]),
    data: parent.data,
    cancellation: () => call.scope.signal,
    executor: parent.hasExecutor ? parent.executor : call.executor,
  });
}

/** What cancels calls made under `context`: its separate signals when it has them. */
export function cancellationOf(context: Context): readonly AbortSignal[] {
  const { signals } = context as Partial<Context>;
  return Array.isArray(signals) ? signals : [context.signal];
}
