import type { OpenCallOptions } from '../open-call.js';
import { openCall } from '../open-call.js';
import type { CallStage } from './call-middleware.js';
import type { CheckedCall, OpenedToolCall } from './tool-call.js';

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
): CallStage<CheckedCall, OpenedToolCall> {
  return async (call, next) => {
    const opened = openCall(call.served, call.extra, {
      ...settings(),
      logger: call.logger,
      rounds: call.rounds,
    });
    try {
      return await next(Object.assign(call, { opened }));
    } finally {
      // Answered: the call stops following shutdown and its request, so nothing piles up there.
      opened.cancellation.close();
      opened.log.close();
    }
  };
}
