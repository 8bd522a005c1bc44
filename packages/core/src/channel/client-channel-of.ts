import type { ApprovalHandler } from '../approval.js';
import { isRecord } from '../is-record.js';
import { MCP_ELICIT_KEY, MCP_PROGRESS_KEY } from '../mcp-context-keys.js';
import { MCP_CLIENT_CHANNEL_KEY, type McpClientChannel } from './client-channel.js';

/** Any context: our `Context`, apcore-js's, or none at all. */
type AnyContext = { readonly data?: unknown } | null | undefined;

/** The members that are functions, called as the channel's methods. */
const METHODS = ['reportProgress', 'log', 'ask', 'elicit', 'becomeTask', 'emitEvent'] as const;

/**
 * The {@link McpClientChannel} of the call `context` belongs to, or `undefined` outside an MCP
 * call (a plain `executor.call()`, no context at all): the one way the module helpers and the
 * executor reach the client and the server. Members of the wrong type are left out, so a helper
 * behaves as if the call could not do that. A context carrying only the original apcore-mcp's
 * progress or elicitation sender (`MCP_PROGRESS_KEY`, `MCP_ELICIT_KEY`), as other hosts put
 * them, gets a channel of those.
 *
 * @example
 * ```ts
 * await clientChannelOf(context)?.reportProgress?.(1, 2, 'half way');
 * ```
 */
export function clientChannelOf(context: AnyContext): McpClientChannel | undefined {
  const data = isRecord(context) ? context.data : undefined;
  if (!isRecord(data)) return undefined;
  const channel = data[MCP_CLIENT_CHANNEL_KEY];
  if (isRecord(channel)) return readChannel(channel);
  const seed = readChannel({
    reportProgress: data[MCP_PROGRESS_KEY],
    elicit: data[MCP_ELICIT_KEY],
  });
  return Object.keys(seed).length === 0 ? undefined : seed;
}

/** The members of `raw` that have their type, methods bound to it. */
function readChannel(raw: Record<string, unknown>): McpClientChannel {
  const channel: Record<string, unknown> = {};
  for (const name of METHODS) {
    const method = raw[name];
    if (typeof method === 'function') channel[name] = method.bind(raw);
  }
  if (isApprovalHandler(raw.approval)) channel.approval = raw.approval;
  const { callTimeoutMs } = raw;
  if (typeof callTimeoutMs === 'number' && Number.isFinite(callTimeoutMs) && callTimeoutMs > 0) {
    channel.callTimeoutMs = callTimeoutMs;
  }
  if (raw.inTask === true) channel.inTask = true;
  return channel as McpClientChannel;
}

function isApprovalHandler(value: unknown): value is ApprovalHandler {
  return isRecord(value) && typeof value.requestApproval === 'function';
}
