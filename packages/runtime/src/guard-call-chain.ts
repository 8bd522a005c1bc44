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
  const { maxCallDepth, maxModuleRepeat, traceId } = limits;
  const moduleId = callChain[callChain.length - 1];
  if (moduleId === undefined) return;
  const trace = traceId === undefined ? {} : { traceId };
  if (callChain.length > maxCallDepth) {
    throw new CallDepthExceededError({
      depth: callChain.length,
      maxDepth: maxCallDepth,
      callChain,
      ...trace,
    });
  }
  const earlier = callChain.slice(0, -1);
  const lastIndex = earlier.lastIndexOf(moduleId);
  if (lastIndex !== -1 && lastIndex < earlier.length - 1) {
    throw new CircularCallError({ moduleId, callChain, ...trace });
  }
  const count = callChain.filter((id) => id === moduleId).length;
  if (count > maxModuleRepeat) {
    throw new CallFrequencyExceededError({
      moduleId,
      count,
      maxRepeat: maxModuleRepeat,
      callChain,
      ...trace,
    });
  }
}
