import type { ElicitationAnswer, ElicitationHandler, ElicitationRequest } from './types.js';

/**
 * Routes an elicitation to the call that is waiting for it. The SDK clients take one
 * `elicitation/create` handler per connection (on 2026-07-28 it also fulfils `input_required`
 * results), so per-call handlers are kept here: the most recently started call that brought
 * one wins, then the connection's default, then a decline.
 *
 * @example
 * ```ts
 * const router = createElicitationRouter(undefined);
 * await router.during(() => ({ action: 'decline' }), () => client.callTool(...));
 * ```
 */
export function createElicitationRouter(fallback: ElicitationHandler | undefined) {
  const active: ElicitationHandler[] = [];
  return {
    /** The answer of whichever handler is in charge now. */
    async answer(request: ElicitationRequest): Promise<ElicitationAnswer> {
      const handler = active.at(-1) ?? fallback;
      return handler === undefined ? { action: 'decline' } : handler(request);
    },
    /** Runs `call` with `handler` in charge of the elicitations that arrive meanwhile. */
    async during<T>(handler: ElicitationHandler | undefined, call: () => Promise<T>): Promise<T> {
      if (handler === undefined) return call();
      active.push(handler);
      try {
        return await call();
      } finally {
        active.splice(active.lastIndexOf(handler), 1);
      }
    },
  };
}

/**
 * The router {@link createElicitationRouter} builds.
 *
 * @example
 * ```ts
 * function wire(router: ElicitationRouter) { ... }
 * ```
 */
export type ElicitationRouter = ReturnType<typeof createElicitationRouter>;
