import {
  CallDepthExceededError,
  CallFrequencyExceededError,
  CircularCallError,
} from '@apcore-mcp/core';

/** Limits of {@link guardCallChain}. */
export interface CallChainLimits {
  maxCallDepth: number;
  maxModuleRepeat: number;
  traceId?: string;
}

/**
 * The executor's safety checks on a call chain that already ends with the module about to run,
 * in apcore's order:
 * 1. depth: the chain may hold at most `maxCallDepth` modules;
 * 2. cycle: the module may not occur earlier in the chain with other modules after it
 *    (`a -> b -> a`); direct self-recursion (`a -> a`) is not a cycle;
 * 3. frequency: the module may occur at most `maxModuleRepeat` times in the chain.
 *
 * @throws {CallDepthExceededError} | {CircularCallError} | {CallFrequencyExceededError}
 * @example
 * ```ts
 * guardCallChain(['a', 'b', 'a'], { maxCallDepth: 32, maxModuleRepeat: 3 }); // throws CIRCULAR_CALL
 * ```
 */
export function guardCallChain(callChain: readonly string[], limits: CallChainLimits): void {
  const { maxCallDepth, maxModuleRepeat } = limits;
  const last = callChain.length - 1;
  const moduleId = callChain[last];
  if (moduleId === undefined) return;
  if (callChain.length > maxCallDepth) {
    throw new CallDepthExceededError({
      depth: callChain.length,
      maxDepth: maxCallDepth,
      callChain,
      ...traceOf(limits),
    });
  }
  // The module itself just before it is direct recursion; any earlier occurrence is a cycle.
  const previous = last === 0 ? -1 : callChain.lastIndexOf(moduleId, last - 1);
  if (previous !== -1 && previous < last - 1) {
    throw new CircularCallError({ moduleId, callChain, ...traceOf(limits) });
  }
  // Every top-level call ends here: a chain this short cannot repeat a module too often.
  if (callChain.length <= maxModuleRepeat) return;
  const count = callChain.filter((id) => id === moduleId).length;
  if (count > maxModuleRepeat) {
    throw new CallFrequencyExceededError({
      moduleId,
      count,
      maxRepeat: maxModuleRepeat,
      callChain,
      ...traceOf(limits),
    });
  }
}

function traceOf({ traceId }: CallChainLimits): { traceId?: string } {
  return traceId === undefined ? {} : { traceId };
}
