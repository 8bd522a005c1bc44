import type { ApprovalHandler } from '../approval.js';
import type { McpAsker } from '../asking/input-requests.js';
import type { McpEventEmitter } from '../events/event-emitter.js';
import {
  MCP_ELICIT_KEY,
  MCP_PROGRESS_KEY,
  type McpElicitSender,
  type McpProgressSender,
} from '../mcp-context-keys.js';
import type { McpLogSender } from '../mcp-log-record.js';

/**
 * Everything a call made through an MCP server can reach of its client and of the server, in
 * one object the server puts in the call's `context.data` (under
 * {@link MCP_CLIENT_CHANNEL_KEY}) and the module helpers read through `clientChannelOf`. A
 * member is absent where the call cannot do that: no progress without a `progressToken`, no
 * questions where nobody can be asked, `becomeTask` only while the call may still become a
 * task. Each revision of the protocol, and a task's attempts, implement it their own way; a
 * module sees only the helpers (`reportProgress`, `log`, `ask`, `elicit`, `becomeTask`, ...).
 *
 * @example
 * ```ts
 * const channel: McpClientChannel = {
 *   log: async (record) => console.error(record.level, record.message),
 *   callTimeoutMs: 30_000,
 * };
 * const context = executor.createContext({ moduleId: 'csv.import', data: toChannelData(channel) });
 * ```
 */
export interface McpClientChannel {
  // What the module says or asks the client.
  /** Sends `notifications/progress`; absent when the client asked for no progress. */
  readonly reportProgress?: McpProgressSender;
  /** Writes a line to the server's log and, when the client asked for its level, to the client. */
  readonly log?: McpLogSender;
  /** Asks the client questions (elicitation, sampling, roots); absent where nobody can be asked. */
  readonly ask?: McpAsker;
  /** Asks the client one form; absent when the client cannot elicit. */
  readonly elicit?: McpElicitSender;
  /** Ends the quick part of a call that may become a task; absent elsewhere. */
  readonly becomeTask?: () => Promise<void>;
  /** Stores an event occurrence for its subscribers (`emit`); absent where events are not served. */
  readonly emitEvent?: McpEventEmitter;
  // What the executor applies to every module of the call tree.
  /** Asked before every module annotated `requiresApproval`, nested calls included. */
  readonly approval?: ApprovalHandler;
  /** The time limit, in ms, of a module that declares no `timeoutMs`. */
  readonly callTimeoutMs?: number;
  /** The call runs as an MCP task: its modules get no time limit of their own. */
  readonly inTask?: boolean;
}

/**
 * The `context.data` key under which a call made through an MCP server carries its
 * {@link McpClientChannel}.
 *
 * @example
 * ```ts
 * const data = { [MCP_CLIENT_CHANNEL_KEY]: channel };
 * ```
 */
export const MCP_CLIENT_CHANNEL_KEY = '_mcp_channel';

/**
 * What a server puts in a call's `context.data` for `channel`: the channel itself, and the
 * progress and elicitation senders under the keys of the original apcore-mcp
 * (`MCP_PROGRESS_KEY`, `MCP_ELICIT_KEY`), which modules written for it read directly.
 *
 * @example
 * ```ts
 * const context = executor.createContext({ moduleId, data: toChannelData(channel) });
 * ```
 */
export function toChannelData(channel: McpClientChannel): Record<string, unknown> {
  const data: Record<string, unknown> = { [MCP_CLIENT_CHANNEL_KEY]: channel };
  if (channel.reportProgress !== undefined) data[MCP_PROGRESS_KEY] = channel.reportProgress;
  if (channel.elicit !== undefined) data[MCP_ELICIT_KEY] = channel.elicit;
  return data;
}
