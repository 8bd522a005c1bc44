/**
 * The `context.data` key under which a call may carry a {@link CallTracer}. The runtime's
 * `Executor` runs every module call of the call tree through it, nested calls included; an MCP
 * server with tracing on puts one there. Keeping only this interface here leaves the contract
 * (and the runtime) free of any tracing library.
 *
 * @example
 * ```ts
 * const context = executor.createContext({ moduleId: 'math.add', data: { [CALL_TRACER_KEY]: tracer } });
 * ```
 */
export const CALL_TRACER_KEY = '_apcore_tracer';

/**
 * Wraps each module call of a call tree, e.g. in a tracing span. `run` performs the whole call
 * (checks, approval, module) and settles as the call does; the tracer must return what `run`
 * returns and rethrow what it throws.
 *
 * @example
 * ```ts
 * const tracer: CallTracer = {
 *   traceCall: async (moduleId, run) => {
 *     const startedAt = performance.now();
 *     try {
 *       return await run();
 *     } finally {
 *       console.error(moduleId, performance.now() - startedAt);
 *     }
 *   },
 * };
 * ```
 */
export interface CallTracer {
  traceCall<T>(moduleId: string, run: () => Promise<T>): Promise<T>;
}

/**
 * The {@link CallTracer} a context's `data` carries, if any.
 *
 * @example
 * ```ts
 * const tracer = readCallTracer(context.data);
 * ```
 */
export function readCallTracer(data: Record<string, unknown> | undefined): CallTracer | undefined {
  const candidate = data?.[CALL_TRACER_KEY] as Partial<CallTracer> | undefined;
  return typeof candidate?.traceCall === 'function' ? (candidate as CallTracer) : undefined;
}
