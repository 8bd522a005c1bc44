import type { McpClientChannel, McpElicitSender, McpProgressSender } from '@apcore-mcp/core/bridge';
import type { RouterCallExtra } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import { openCallAsking } from './call-asking.js';
import type { CallRounds } from './call-rounds.js';
import { createProgressSender } from './client-senders.js';
import { type ModuleLog, openModuleLog } from './module-log.js';

/**
 * The part of a call's {@link McpClientChannel} that talks to its client, with what the server
 * keeps of it: the log to close once the call answered, and how the call's approval asks.
 *
 * @example
 * ```ts
 * const opened = openClientChannel(extra, { rounds, cancellation, logger, moduleId });
 * context.data = toChannelData(opened.channel);
 * ```
 */
export interface OpenedClientChannel {
  /** Progress, log lines and questions, as this kind of call sends them. */
  readonly channel: Pick<McpClientChannel, 'reportProgress' | 'log' | 'ask' | 'elicit'>;
  /** What the modules log: to the server's log, and to the client until the call answered. */
  readonly log: ModuleLog;
  /** One form, for the call's approval; absent when the client cannot elicit. */
  readonly elicit: McpElicitSender | undefined;
  /** The rounds an approval asks through (2026-07-28, when the client can elicit). */
  readonly approvalRounds: CallRounds | undefined;
  /** The progress sender, kept apart so that a streaming call sends its chunks through it. */
  readonly progress: McpProgressSender | undefined;
}

/**
 * Opens the channel between a call (a tool call, a task's attempt, a prompt's `get` or a
 * resource's `read`) and its client: progress for its `progressToken`, log lines through
 * `extra.log`, and questions the way its kind of call asks them (`openCallAsking`: requests
 * sent on a 2025-11-25 connection; `input_required` rounds on 2026-07-28 and in a task's
 * attempts). A task's attempt reports its progress as the task's status message (its
 * `extra.notify`).
 *
 * @example
 * ```ts
 * const opened = openClientChannel(extra, { rounds, cancellation, logger, moduleId: 'csv.import' });
 * ```
 */
export function openClientChannel(
  extra: RouterCallExtra,
  options: {
    rounds: CallRounds | undefined;
    cancellation: { readonly signal: AbortSignal };
    logger: Logger;
    /** The module (or definition) the call runs: the log lines' name when none is given. */
    moduleId: string;
  },
): OpenedClientChannel {
  const { logger, moduleId } = options;
  const { ask, elicit, approvalRounds } = openCallAsking(extra, options);
  const progress = createProgressSender(extra, logger);
  const log = openModuleLog({ extra, moduleId, logger });
  const channel = {
    log: log.send,
    ...(progress === undefined ? {} : { reportProgress: progress }),
    ...(ask === undefined ? {} : { ask }),
    ...(elicit === undefined ? {} : { elicit }),
  };
  return { channel, log, elicit, approvalRounds, progress };
}
