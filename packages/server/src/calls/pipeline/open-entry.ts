import type { OpenCallOptions } from '../open-call.js';
import { openCall } from '../open-call.js';
import type { CallMiddleware } from './call-middleware.js';

/**
 * Opens a call that got past every refusal: what cancels it, who approves it, what the module
 * may send back, and its one context. From here on the call counts as run.
 *
 * @example
 * ```ts
 * const open = createOpenEntry(() => ({ executor, contextFactory, shutdown, ... }));
 * ```
 */
export function createOpenEntry(
  settings: () => Omit<OpenCallOptions, 'logger' | 'rounds'>,
): CallMiddleware {
  return async (call, next) => {
    if (call.served === undefined) throw new TypeError('a call is opened once routed');
    const opened = openCall(call.served, call.extra, {
      ...settings(),
      logger: call.logger,
      rounds: call.rounds,
    });
    call.opened = opened;
    try {
      return await next();
    } finally {
      // Answered: the call stops following shutdown and its request, so nothing piles up there.
      opened.cancellation.close();
      opened.log.close();
    }
  };
}
