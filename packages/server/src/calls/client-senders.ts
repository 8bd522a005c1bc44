import { ClientCapabilityRequiredError } from '@apcore-mcp/core';
import {
  capabilityOf,
  type McpAsker,
  type McpElicitSender,
  type McpProgressSender,
} from '@apcore-mcp/core/bridge';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import { declaresCapabilityFor } from '../kernel/declared-capability.js';
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

/** How the log names each request to the client. */
const REQUEST_NAMES = {
  'elicitation/create': 'Elicitation',
  'sampling/createMessage': 'Sampling',
  'roots/list': 'Roots',
} as const;

/**
 * The {@link McpAsker} of a 2025-11-25 call: sends every question to the client at once
 * (`elicitation/create`, `sampling/createMessage`, `roots/list`, cancelled with the call) and
 * resolves to the results by key. A question the client did not declare support for is not
 * sent (`null`); a required one fails the call first with {@link ClientCapabilityRequiredError}.
 * A failed request is logged and answers `null`, unless its question was required (rethrown).
 * Absent where the server cannot send requests to the client.
 */
export function createClientAsker(
  extra: RouterCallExtra,
  options: { cancellation?: { readonly signal: AbortSignal }; logger: Logger },
): McpAsker | undefined {
  const send = extra.request;
  if (send === undefined) return undefined;
  const { cancellation, logger } = options;
  const capabilities = extra.clientCapabilities;
  return async (questions) => {
    const entries = Object.entries(questions);
    const unsupported = entries.filter(
      ([, { request, required }]) => required && !declaresCapabilityFor(capabilities, request),
    );
    if (unsupported.length > 0) {
      const missing = new Set(unsupported.map(([, { request }]) => capabilityOf(request)));
      throw new ClientCapabilityRequiredError({ capabilities: [...missing] });
    }
    const answers = entries.map(
      async ([key, { request, required }]): Promise<[string, unknown]> => {
        if (!declaresCapabilityFor(capabilities, request)) return [key, null];
        try {
          return [key, await send(request, cancellation && { signal: cancellation.signal })];
        } catch (error) {
          logger.warn({ err: error }, `${REQUEST_NAMES[request.method]} request failed`);
          if (required) throw error;
          return [key, null];
        }
      },
    );
    return Object.fromEntries(await Promise.all(answers));
  };
}
