import type { Identity } from '@apcore-mcp/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { resolveIdentity } from '../calls/call-extra.js';
import type { ToolSource } from '../tools/served-tool.js';

/**
 * The tools a request's caller may see.
 *
 * @example
 * ```ts
 * const visibleTools: VisibleTools = () => table;
 * ```
 */
export type VisibleTools = (ctx: ServerContext) => ToolSource;

/**
 * What each request's caller may see of `tools`: all of them without a `visibility`, else the
 * view of the identity a call of that request would run as (the authenticated one, else
 * `identity`, else anonymous; see the router).
 *
 * @example
 * ```ts
 * const visibleTools = toVisibleTools({ tools: table, visibility, identity: undefined });
 * ```
 */
export function toVisibleTools(options: {
  tools: ToolSource;
  visibility: { viewFor(identity: Identity | undefined): ToolSource } | undefined;
  identity: Identity | undefined;
}): VisibleTools {
  const { tools, visibility, identity } = options;
  if (visibility === undefined) return () => tools;
  return (ctx) => visibility.viewFor(resolveIdentity({ authInfo: ctx.http?.authInfo }, identity));
}
