import type { McpElicitSender, McpProgressSender } from '@apcore-mcp/core';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';

/**
 * Sends `notifications/progress` for the call, only ever increasing: MCP requires progress to
 * increase with every notification, so a value not above the last one sent (or not a finite
 * number) is dropped, never bumped. Never rejects: progress is advisory.
 */
export function createProgressSender(
  extra: RouterCallExtra,
  logger: Logger,
): McpProgressSender | undefined {
  const { progressToken, notify: send } = extra;
  if (progressToken === undefined || send === undefined) return undefined;
  let last = Number.NEGATIVE_INFINITY;
  return async (progress, total, message) => {
    if (typeof progress !== 'number' || !Number.isFinite(progress) || progress <= last) return;
    last = progress;
    try {
      await send({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress,
          ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
          ...(typeof message === 'string' ? { message } : {}),
        },
      });
    } catch (error) {
      logger.debug({ err: error }, 'Could not send a progress notification');
    }
  };
}

/**
 * Sends `elicitation/create` to the client of the call (cancelled with the call); absent when
 * the client did not declare the `elicitation` capability. Failures are logged and rethrown.
 */
export function createElicitSender(
  extra: RouterCallExtra,
  options: { cancellation?: { readonly signal: AbortSignal }; logger: Logger },
): McpElicitSender | undefined {
  const ask = extra.elicit;
  if (ask === undefined || extra.clientCapabilities?.elicitation === undefined) {
    return undefined;
  }
  const { cancellation, logger } = options;
  return async (message, requestedSchema) => {
    try {
      const result = await ask(
        { message, requestedSchema: requestedSchema ?? { type: 'object', properties: {} } },
        cancellation === undefined ? undefined : { signal: cancellation.signal },
      );
      return {
        action: result.action,
        ...(result.content === undefined ? {} : { content: { ...result.content } }),
      };
    } catch (error) {
      logger.warn({ err: error }, 'Elicitation request failed');
      throw error;
    }
  };
}
