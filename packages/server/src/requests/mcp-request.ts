import type { Identity } from '@apcore-mcp/core';
import {
  type Server,
  type ServerContext,
  TRACEPARENT_META_KEY,
  TRACESTATE_META_KEY,
} from '@modelcontextprotocol/server';
import { ANONYMOUS_SUBJECT } from '../kernel/anonymous-subject.js';
import { type ProtocolEra, resolveIdentity } from '../kernel/call-extra.js';
import type { Logger } from '../kernel/logger.js';
import { revisionOfRequest } from '../revisions/pick-revision.js';
import { readTraceparentTraceId } from './read-traceparent.js';

/**
 * What a request asks for by name: a prompt (`prompts/get`), a resource (`resources/read`) or
 * the values of a prompt argument or template variable (`completion/complete`). List methods
 * name none.
 *
 * @example
 * ```ts
 * const target: RequestTarget = { kind: 'prompt', name: 'greet', label: 'greet', arguments: { who: 'Ann' } };
 * ```
 */
export interface RequestTarget {
  readonly kind: 'prompt' | 'resource' | 'completion';
  /**
   * As the client named it: the prompt's name, the resource's URI, or the completion's
   * reference (`prompt:<name>`, `resource:<uri template>`).
   */
  readonly name: string;
  /**
   * A name from a bounded set, for metric labels and span names: a served prompt's name, the
   * template a URI matched or a defined resource's own URI, the reference of a served prompt or
   * template; `undefined` when the name is nobody's yet (an unknown prompt, a URI no template
   * matches): a client's string then becomes a label only once the server served it.
   */
  readonly label: string | undefined;
  /** What the request passes it (prompt arguments, the completed argument), never modified. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

/**
 * The key of a target in the ledger: `prompt:greet`, `resource:docs://math.add`,
 * `completion:prompt:greet`.
 *
 * @example
 * ```ts
 * targetKey({ kind: 'prompt', name: 'greet', label: 'greet', arguments: {} }); // 'prompt:greet'
 * ```
 */
export function targetKey(target: RequestTarget): string {
  return `${target.kind}:${target.name}`;
}

/**
 * One MCP request other than a tool call, as the steps of the request pipeline see it: its
 * method and target, who makes it (the authenticated subject, as for a tool call), its trace
 * context, the SDK's context and where to log.
 *
 * @example
 * ```ts
 * const request = openMcpRequest({ method: 'prompts/get', ctx, server, target, identity, logger });
 * ```
 */
export interface McpRequest {
  readonly method: string;
  readonly target: RequestTarget | undefined;
  readonly identity: Identity | undefined;
  /** `identity.id`, or `@anonymous` when the request has no identity. */
  readonly subject: string;
  readonly logger: Logger;
  /** The SDK's context of the request. */
  readonly ctx: ServerContext;
  /** When the server took the request (`performance.now()`). */
  readonly startedAt: number;
  /** The W3C trace context of the request's `_meta` (`traceparent`, `tracestate`). */
  readonly traceCarrier: Record<string, string> | undefined;
  readonly protocolVersion: string | undefined;
  readonly era: ProtocolEra;
  readonly sessionId: string | undefined;
  readonly requestId: string | number;
  /**
   * The request's trace id when known: its span's (set by the tracing step for the steps
   * below it), else the client's valid `traceparent`'s.
   */
  traceId: string | undefined;
}

/**
 * The request object of one SDK request: the caller from the request's auth info (else
 * `identity`), its revision, session, id and trace context.
 *
 * @example
 * ```ts
 * const request = openMcpRequest({ method: 'resources/list', ctx, server, target: undefined, identity, logger });
 * ```
 */
export function openMcpRequest(parts: {
  method: string;
  ctx: ServerContext;
  server: Server;
  target: RequestTarget | undefined;
  identity: Identity | undefined;
  logger: Logger;
}): McpRequest {
  const { ctx } = parts;
  const identity = resolveIdentity({ authInfo: ctx.http?.authInfo }, parts.identity);
  const traceCarrier = readTraceCarrier(ctx.mcpReq._meta);
  const revision = revisionOfRequest(ctx);
  return {
    method: parts.method,
    target: parts.target,
    identity,
    subject: identity?.id ?? ANONYMOUS_SUBJECT,
    logger: parts.logger,
    ctx,
    startedAt: performance.now(),
    traceCarrier,
    era: revision.era,
    protocolVersion: revision.protocolVersion(ctx, parts.server),
    sessionId: ctx.sessionId,
    requestId: ctx.mcpReq.id,
    traceId:
      traceCarrier === undefined ? undefined : readTraceparentTraceId(traceCarrier.traceparent),
  };
}

/**
 * The W3C trace context a client put in a request's `_meta`, as a propagation carrier.
 *
 * @example
 * ```ts
 * const carrier = readTraceCarrier(ctx.mcpReq._meta);
 * ```
 */
export function readTraceCarrier(
  meta: object | undefined,
): { traceparent: string; tracestate?: string } | undefined {
  const traceparent = (meta as Record<string, unknown> | undefined)?.[TRACEPARENT_META_KEY];
  if (typeof traceparent !== 'string') return undefined;
  const tracestate = (meta as Record<string, unknown>)[TRACESTATE_META_KEY];
  return typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
}
