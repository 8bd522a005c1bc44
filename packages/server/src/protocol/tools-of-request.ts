import type { Identity } from '@apcore-mcp/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { resolveIdentity } from '../kernel/call-extra.js';
import type { ToolSource, ToolsFor } from '../kernel/served-tool.js';

/**
 * The tools the caller of one SDK request may see: its identity (from the request's auth info,
 * else `identity`) looked up in `toolsFor`.
 *
 * @example
 * ```ts
 * server.setRequestHandler('tools/list', (_request, ctx) => ({ tools: front.list(toolsOfRequest(ctx, toolsFor)) }));
 * ```
 */
export function toolsOfRequest(
  ctx: ServerContext,
  toolsFor: ToolsFor,
  identity?: Identity,
): ToolSource {
  return toolsFor(resolveIdentity({ authInfo: ctx.http?.authInfo }, identity));
}
