import type { McpAsker, McpElicitSender } from '@apcore-mcp/core/bridge';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import { declaresCapabilityFor } from '../kernel/declared-capability.js';
import type { Logger } from '../kernel/logger.js';
import type { CallRounds } from './call-rounds.js';
import { createClientAsker, createElicitSender } from './client-senders.js';

/** How one call asks its client, as the module and the call's approval see it. */
export interface CallAsking {
  /** The module's questions (the channel's `ask`); absent where nobody can be asked. */
  ask: McpAsker | undefined;
  /** One form (the channel's `elicit`, approvals); absent when the client cannot elicit. */
  elicit: McpElicitSender | undefined;
  /** The rounds an approval asks through (2026-07-28, when the client can elicit). */
  approvalRounds: CallRounds | undefined;
}

/**
 * How a call asks its client: through its rounds on 2026-07-28 (questions end the attempt and
 * come back answered), by sending requests on a 2025-11-25 connection.
 *
 * @example
 * ```ts
 * const { ask, elicit } = openCallAsking(extra, { rounds, cancellation, logger });
 * ```
 */
export function openCallAsking(
  extra: RouterCallExtra,
  options: {
    rounds: CallRounds | undefined;
    cancellation: { readonly signal: AbortSignal };
    logger: Logger;
  },
): CallAsking {
  const { rounds } = options;
  if (rounds === undefined) {
    return {
      ask: createClientAsker(extra, options),
      elicit: createElicitSender(extra, options),
      approvalRounds: undefined,
    };
  }
  const canElicit = declaresCapabilityFor(extra.clientCapabilities, {
    method: 'elicitation/create',
    params: { message: '', requestedSchema: {} },
  });
  if (!canElicit) return { ask: rounds.ask, elicit: undefined, approvalRounds: undefined };
  return {
    ask: rounds.ask,
    elicit: (message, requestedSchema) => rounds.elicit(message, requestedSchema),
    approvalRounds: rounds,
  };
}
