import { Context } from './context.js';
import type { ContextExecutor } from './context-executor.js';

/**
 * The context a module runs under when `executor` calls it from `parent`: the parent's child
 * for `moduleId`, with the call's own `signal` (the parent's cancellation and the call's
 * timeout) and `executor` for nested calls when the parent has none. A parent from another copy
 * of this runtime (or from apcore-js) is read through its public fields only.
 *
 * @example
 * ```ts
 * const context = createCallContext(parent, { moduleId: 'image.resize', signal, executor });
 * ```
 */
export function createCallContext(
  parent: Context,
  call: { moduleId: string; signal: AbortSignal; executor: ContextExecutor },
): Context {
  const chain = parent.callChain;
  return new Context({
    traceId: parent.traceId,
    callerId: chain.length > 0 ? (chain[chain.length - 1] ?? null) : null,
    identity: parent.identity,
    callChain: Object.freeze([...chain, call.moduleId]),
    data: parent.data,
    signal: call.signal,
    executor: parent.hasExecutor ? parent.executor : call.executor,
  });
}
