import type { Identity } from '@apcore-mcp/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { ANONYMOUS_SUBJECT } from '../../../kernel/anonymous-subject.js';
import { resolveIdentity } from '../../../kernel/call-extra.js';

/**
 * Who makes an `events/*` request, as for tools: the identity its authentication carries, else
 * the `identity` option's; `subject` keys what it owns (`@anonymous` without an identity).
 * `authenticated`: the identity came from the request (the auth feature, `authenticate`), the
 * only kind of caller that may subscribe webhooks.
 *
 * @example
 * ```ts
 * const caller = eventCallerOf(ctx, options.identity);
 * ```
 */
export interface EventCaller {
  readonly identity: Identity | undefined;
  readonly subject: string;
  readonly authenticated: boolean;
  /** Whether the request came over HTTP (webhooks are offered only there). */
  readonly overHttp: boolean;
}

/**
 * The {@link EventCaller} of a request.
 *
 * @example
 * ```ts
 * const { subject, authenticated } = eventCallerOf(ctx, options.identity);
 * ```
 */
export function eventCallerOf(ctx: ServerContext, fallback: Identity | undefined): EventCaller {
  const authInfo = ctx.http?.authInfo;
  const fromRequest = resolveIdentity({ authInfo }, undefined);
  const identity = fromRequest ?? fallback;
  return {
    identity,
    subject: identity?.id ?? ANONYMOUS_SUBJECT,
    authenticated: fromRequest !== undefined,
    overHttp: ctx.http !== undefined,
  };
}
