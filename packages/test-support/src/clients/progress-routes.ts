import { toProgressUpdate } from './plain-results.js';
import type { ProgressUpdate } from './types.js';

/**
 * The `_meta` a call carries to ask for progress (a type alias, not an interface, so that it
 * assigns to the SDKs' open `_meta` records).
 *
 * @example
 * ```ts
 * const meta: ProgressMeta = { progressToken: 'progress-1' };
 * ```
 */
export type ProgressMeta = { progressToken: string };

/**
 * Delivers progress notifications to the call that asked for them, by a token of our own.
 * Both SDK clients drop a progress notification that arrives in the same read as its call's
 * result: they dispatch notifications a microtask late but forget the call's progress handler
 * as soon as the result is read. Routing by our own token, and forgetting it only after the
 * call has returned, keeps every notification the server sent before its result.
 *
 * @example
 * ```ts
 * const progress = createProgressRoutes();
 * client.setNotificationHandler('notifications/progress', (n) => progress.deliver(n.params));
 * await progress.during(onProgress, (meta) => client.callTool({ name, arguments, _meta: meta }));
 * ```
 */
export function createProgressRoutes() {
  const routes = new Map<string, (update: ProgressUpdate) => void>();
  let issued = 0;
  return {
    /** Hands a notification's params to the call that owns its token; ignores strangers. */
    deliver(params: {
      progressToken: string | number;
      progress: number;
      total?: number;
      message?: string;
    }): void {
      routes.get(String(params.progressToken))?.(toProgressUpdate(params));
    },
    /** Runs `call` with a fresh token routed to `onProgress` (no token without a listener). */
    async during<T>(
      onProgress: ((update: ProgressUpdate) => void) | undefined,
      call: (meta: ProgressMeta | undefined) => Promise<T>,
    ): Promise<T> {
      if (onProgress === undefined) return call(undefined);
      issued += 1;
      const progressToken = `progress-${issued}`;
      routes.set(progressToken, onProgress);
      try {
        return await call({ progressToken });
      } finally {
        routes.delete(progressToken);
      }
    },
  };
}

/**
 * The routes {@link createProgressRoutes} builds.
 *
 * @example
 * ```ts
 * function wire(progress: ProgressRoutes) { ... }
 * ```
 */
export type ProgressRoutes = ReturnType<typeof createProgressRoutes>;

/**
 * The `_meta` part of a request's params: the caller's own entries and the progress token,
 * nothing when there is neither.
 *
 * @example
 * ```ts
 * client.callTool({ name, arguments: args, ...withMeta({ traceparent }, progressMeta) });
 * ```
 */
export function withMeta(
  own: Record<string, unknown> | undefined,
  progress: ProgressMeta | undefined,
): { _meta?: Record<string, unknown> } {
  if (own === undefined && progress === undefined) return {};
  return { _meta: { ...own, ...progress } };
}
