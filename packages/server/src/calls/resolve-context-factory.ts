import type { ContextFactory, ExecutorLike } from '@apcore-mcp/core/bridge';

/**
 * Who builds contexts for this executor: the `contextFactory` option, else the executor itself
 * when it has `createContext` (the core runtime's Executor is its own factory), else nobody — a
 * foreign executor then gets no context of ours and builds its own.
 *
 * @example
 * ```ts
 * const factory = resolveContextFactory(executor, options.contextFactory);
 * ```
 */
export function resolveContextFactory(
  executor: ExecutorLike,
  contextFactory: ContextFactory | undefined,
): ContextFactory | undefined {
  if (contextFactory) return contextFactory;
  const candidate = executor as ExecutorLike & { createContext?: unknown };
  return typeof candidate.createContext === 'function'
    ? (candidate as ExecutorLike & ContextFactory)
    : undefined;
}
