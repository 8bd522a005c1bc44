import type { InputRequiredResult } from '@modelcontextprotocol/server';
import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceRequest,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ToolSource } from '../kernel/served-tool.js';
import type { RequestTarget } from '../requests/mcp-request.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import type { AppResources } from '../resources/app-resources.js';
import type { DefinedResources } from '../resources/defined-resources.js';
import type { ResourceSource } from '../resources/documentation-resources.js';
import type { McpReadResourceResult } from '../resources/mcp-resource.js';
import { revisionOfRequest } from '../revisions/pick-revision.js';
import type { ServedSkills } from '../skills/served-skills.js';
import { type DefinitionAsking, runAskingDefinition } from './asking-definition-call.js';
import { refuseLongUri, refuseSubscriptions, toProtocolError } from './resource-bounds.js';
import { toResourceReadError } from './resource-read-failure.js';
import type { ResourceSubscriptions } from './resource-subscriptions.js';

/**
 * Where the resource handlers read: the modules' `docs://` and `ui://` resources (cut to what
 * each caller may see) and the defined resources and templates; with `subscriptions`, 2025-11-25
 * connections may subscribe.
 *
 * @example
 * ```ts
 * registerResourceHandlers(server, { docs, defined, subscriptions, visibleTools, asking });
 * ```
 */
export interface ResourceHandlerOptions {
  docs: ResourceSource;
  /** The modules' `ui://` resources (MCP Apps), cut to what each caller may see. */
  apps?: AppResources | undefined;
  defined: DefinedResources | undefined;
  /** The skills: each `SKILL.md` listed, every file of a skill readable (as the caller may see). */
  skills?: ServedSkills | undefined;
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
  const { docs, apps, defined, skills, visibleTools, requests } = options;
  registerRequestHandler(target, requests, 'resources/list', (_request, ctx) => ({
    resources: [
      ...docs.list(visibleTools(ctx)),
      ...(apps?.list(visibleTools(ctx)) ?? []),
      ...(defined?.list() ?? []),
      ...(skills?.resources(visibleTools(ctx)) ?? []),
    ],
  }));
  registerRequestHandler(target, requests, 'resources/templates/list', () => ({
    resourceTemplates: defined?.listTemplates() ?? [],
  }));
  registerReadHandler(target, options);
  registerSubscriptionHandlers(target, options);
}

/** `resources/read`, a read that may ask the client, through the request pipeline. */
function registerReadHandler(target: RequestHandlerTarget, options: ResourceHandlerOptions): void {
  const { defined, requests } = options;
  // An overlong URI is refused below; what names it elsewhere is cut to the limit.
  const targetOf = ({ params }: ReadResourceRequest) =>
    resourceTarget(params.uri.slice(0, options.maxUriLength), defined);
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
      throw notFound(target.server, uri, ctx, defined);
    },
    targetOf,
  );
}

/** `resources/subscribe` and `resources/unsubscribe` (2025-11-25), with `subscriptions`. */
function registerSubscriptionHandlers(
  target: RequestHandlerTarget,
  options: ResourceHandlerOptions,
): void {
  const { docs, apps, defined, skills, visibleTools, requests, subscriptions } = options;
  if (subscriptions === undefined) return;
  registerRequestHandler(target, requests, 'resources/subscribe', (request, ctx) => {
    const { uri } = request.params;
    refuseOverlongUri(uri, options.maxUriLength);
    const served =
      defined?.match(uri) !== undefined ||
      docs.read(uri, visibleTools(ctx)) !== undefined ||
      apps?.serves(uri, visibleTools(ctx)) === true ||
      skills?.serves(uri, visibleTools(ctx)) === true;
    if (!served) throw notFound(target.server, uri, ctx, defined);
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

async function readResource(
  uri: string,
  ctx: ServerContext,
  options: ResourceHandlerOptions,
): Promise<McpReadResourceResult | InputRequiredResult | undefined> {
  const documentation = options.docs.read(uri, options.visibleTools(ctx));
  if (documentation !== undefined) return documentation;
  const app = await options.apps?.read(uri, options.visibleTools(ctx));
  if (app !== undefined) return app;
  const skillFile = await options.skills?.read(uri, options.visibleTools(ctx));
  if (skillFile !== undefined || options.defined === undefined) return skillFile;
  const { defined } = options;
  const call = { tool: `resource ${uri}`, arguments: {} };
  return runAskingDefinition(
    ctx,
    options.asking,
    { call, what: `Reading resource ${uri}` },
    (context) => defined.read(uri, context),
  );
}

/**
 * What a read names: its URI, labelled (for metrics and span names) by the template it matches
 * or the defined resource's own URI; a URI served otherwise (`docs://`, `ui://`, a skill's
 * file) is labelled once read. A template's variables are its arguments in the ledger.
 */
function resourceTarget(uri: string, defined: DefinedResources | undefined): RequestTarget {
  const found = defined?.match(uri);
  if (found === undefined) return { kind: 'resource', name: uri, label: undefined, arguments: {} };
  if ('resource' in found) return { kind: 'resource', name: uri, label: uri, arguments: {} };
  const { template, params } = found;
  return { kind: 'resource', name: uri, label: template.uriTemplate, arguments: params };
}

function refuseOverlongUri(uri: string, limit: number): void {
  const refusal = refuseLongUri(uri, limit);
  if (refusal !== undefined) throw toProtocolError(refusal);
}

/**
 * The error for a URI nothing serves: a template's mismatch, else the request's revision's
 * "resource not found".
 */
function notFound(
  server: Server,
  uri: string,
  ctx: ServerContext,
  defined?: DefinedResources,
): ProtocolError {
  const template = defined?.nearestTemplate(uri);
  if (template !== undefined) {
    return new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Resource not found: ${uri} does not match the template ${template.uriTemplate}`,
      { uri, uriTemplate: template.uriTemplate },
    );
  }
  return revisionOfRequest(ctx).resourceNotFound(uri, { server, ctx });
}
