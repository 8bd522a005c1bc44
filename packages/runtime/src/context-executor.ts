import type { ExecutorLike } from '@apcore-mcp/core/bridge';

/**
 * The executor a context carries for nested calls: what a module may do with
 * `context.executor`. The runtime's `Executor` is one. Declared apart from both, so the context
 * never imports the executor that creates it.
 *
 * @example
 * ```ts
 * const executor: ContextExecutor = context.executor;
 * for await (const chunk of executor.stream('report.build', {}, context)) console.log(chunk);
 * ```
 */
export interface ContextExecutor extends ExecutorLike {
  call(
    moduleId: string,
    inputs?: Record<string, unknown>,
    context?: unknown,
  ): Promise<Record<string, unknown>>;
  stream(
    moduleId: string,
    inputs?: Record<string, unknown>,
    context?: unknown,
  ): AsyncIterable<Record<string, unknown>>;
}
