import type {
  InputRequiredResult,
  ProtocolError,
  ReadResourceRequest,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { McpReadResourceResult } from '../kernel/mcp-resource.js';
import type { ToolSource } from '../kernel/served-tool.js';
import type { RequestTarget } from '../requests/mcp-request.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import { revisionOfRequest } from '../revisions/pick-revision.js';
import type { DefinitionAsking } from './asking-definition-call.js';
import { refuseLongUri, refuseSubscriptions, toProtocolError } from './resource-bounds.js';
import { toResourceReadError } from './resource-read-failure.js';
import type { ResourceSource } from './resource-source.js';
import type { ResourceSubscriptions } from './resource-subscriptions.js';

/**
 * Where the resource handlers read: the features' sources, in the feature list's order (the
 * modules' `docs://` and `ui://` resources and skill files, cut to what each caller may see,
 * then the defined resources and templates); with `subscriptions`, 2025-11-25 connections may
 * subscribe.
 *
 * @example
 * ```ts
 * registerResourceHandlers(server, { sources, subscriptions, maxUriLength: 2048, visibleTools, asking });
 * ```
 */
export interface ResourceHandlerOptions {
  sources: readonly ResourceSource[];
  subscriptions: ResourceSubscriptions | undefined;
  /** The longest URI read or subscribed to, in characters; a longer one is refused (-32602). */
  maxUriLength: number;
  visibleTools: (ctx: ServerContext) => ToolSource;
  /** How a defined resource's `read` asks the client, and where its failures are logged. */
  asking: DefinitionAsking;
  /** The request pipeline the handlers run through; none: registered as they are. */
  requests?: RequestPipeline | undefined;
}

/**
 * Registers `resources/list`, `resources/templates/list`, `resources/read` and (with
 * `subscriptions`) `resources/subscribe` / `resources/unsubscribe` on `server`. A URI nothing
 * serves is answered -32602 on 2026-07-28 and -32002 on 2025-11-25, with `data: { uri }`; a URI
 * longer than `maxUriLength`, or a subscription over the session's share, is -32602 naming the
 * option and its limit; a URI
 * that looks meant for a template but does not match it is -32602 in both, naming the template.
 * A read that fails is answered by {@link toResourceReadError} (a served file gone or outside
 * its folder is not found; the detail is logged, never sent). A defined resource's `read` may
 * ask the client, as a prompt's `get` may.
 *
 * @example
 * ```ts
 * registerResourceHandlers(server, options);
 * ```
 */
export function registerResourceHandlers(
  target: RequestHandlerTarget,
  options: ResourceHandlerOptions,
): void {
  const { sources, visibleTools, requests } = options;
  registerRequestHandler(target, requests, 'resources/list', (_request, ctx) => ({
    resources: sources.flatMap((source) => source.list?.(visibleTools(ctx)) ?? []),
  }));
  registerRequestHandler(target, requests, 'resources/templates/list', () => ({
    resourceTemplates: sources.flatMap((source) => source.listTemplates?.() ?? []),
  }));
  registerReadHandler(target, options);
  registerSubscriptionHandlers(target, options);
}

/** `resources/read`, a read that may ask the client, through the request pipeline. */
function registerReadHandler(target: RequestHandlerTarget, options: ResourceHandlerOptions): void {
  const { sources, requests } = options;
  // An overlong URI is refused below; what names it elsewhere is cut to the limit.
  const targetOf = ({ params }: ReadResourceRequest) =>
    resourceTarget(params.uri.slice(0, options.maxUriLength), sources);
  registerRequestHandler(
    target,
    requests,
    'resources/read',
    async (request, ctx) => {
      const { uri } = request.params;
      refuseOverlongUri(uri, options.maxUriLength);
      const result = await readResource(uri, ctx, options).catch((error: unknown) => {
        const { logger } = options.asking;
        throw toResourceReadError(error, {
          uri,
          logger,
          notFound: () => notFound(target.server, uri, ctx),
        });
      });
      if (result !== undefined) return result;
      throw notFound(target.server, uri, ctx, sources);
    },
    targetOf,
  );
}

/** `resources/subscribe` and `resources/unsubscribe` (2025-11-25), with `subscriptions`. */
function registerSubscriptionHandlers(
  target: RequestHandlerTarget,
  options: ResourceHandlerOptions,
): void {
  const { sources, visibleTools, requests, subscriptions } = options;
  if (subscriptions === undefined) return;
  registerRequestHandler(target, requests, 'resources/subscribe', (request, ctx) => {
    const { uri } = request.params;
    refuseOverlongUri(uri, options.maxUriLength);
    const served = sources.some((source) => source.serves(uri, visibleTools(ctx)));
    if (!served) throw notFound(target.server, uri, ctx, sources);
    if (!subscriptions.add(target.server, uri)) {
      throw toProtocolError(
        refuseSubscriptions({ limit: subscriptions.maxPerSession, listen: false }),
      );
    }
    return {};
  });
  registerRequestHandler(target, requests, 'resources/unsubscribe', (request) => {
    subscriptions.remove(target.server, request.params.uri);
    return {};
  });
}

/** The first source's answer for `uri`, in order; `undefined` when none serves it. */
async function readResource(
  uri: string,
  ctx: ServerContext,
  options: ResourceHandlerOptions,
): Promise<McpReadResourceResult | InputRequiredResult | undefined> {
  const read = { ctx, visibleTools: options.visibleTools(ctx), asking: options.asking };
  for (const source of options.sources) {
    const answer = await source.read(uri, read);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/**
 * What a read names: its URI, labelled (for metrics and span names) by the first source that
 * names it (a template it matches, a defined resource's own URI); a URI served otherwise
 * (`docs://`, `ui://`, a skill's file) is labelled once read.
 */
function resourceTarget(uri: string, sources: readonly ResourceSource[]): RequestTarget {
  for (const source of sources) {
    const target = source.targetOf?.(uri);
    if (target !== undefined) return target;
  }
  return { kind: 'resource', name: uri, label: undefined, arguments: {} };
}

function refuseOverlongUri(uri: string, limit: number): void {
  const refusal = refuseLongUri(uri, limit);
  if (refusal !== undefined) throw toProtocolError(refusal);
}

/**
 * The error for a URI nothing serves: a source's own (a template's mismatch), else the
 * request's revision's "resource not found".
 */
function notFound(
  server: Server,
  uri: string,
  ctx: ServerContext,
  sources: readonly ResourceSource[] = [],
): ProtocolError {
  for (const source of sources) {
    const error = source.notFound?.(uri);
    if (error !== undefined) return error;
  }
  return revisionOfRequest(ctx).resourceNotFound(uri, { server, ctx });
}
