import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InspectorPageConfig, ServedInspector } from '../inspector/inspector-assets.js';
import {
  isInspectorPageRequest,
  markReadOnlyInspectorRequest,
} from '../inspector/inspector-page-request.js';
import { endpointFromPage, isInspectorPath, serveInspector } from '../inspector/inspector-route.js';
import type { Logger } from '../kernel/logger.js';
import type { NotServedEntry } from '../kernel/not-served.js';
import { passGuard } from './http-admission.js';
import type { GuardPolicy } from './http-guard.js';

/**
 * The inspector as the HTTP handler serves it: the page under its prefix, and the mark on the
 * page's own MCP requests when it may not call tools.
 *
 * @example
 * ```ts
 * const routes = new InspectorRoutes({ inspector, guard, logger, endpointPath: '/mcp', transport: 'streamable-http', authRequired: false });
 * ```
 */
export class InspectorRoutes {
  readonly #inspector: ServedInspector;
  readonly #guard: GuardPolicy;
  readonly #logger: Logger;
  readonly #config: InspectorPageConfig;
  readonly #notServed: (() => readonly NotServedEntry[]) | undefined;

  constructor(options: {
    inspector: ServedInspector;
    guard: GuardPolicy;
    logger: Logger;
    /** The path of the endpoint the page speaks MCP to (`/mcp`, or `/sse`). */
    endpointPath: string;
    transport: 'streamable-http' | 'sse';
    authRequired: boolean;
    /** What the page lists as not served; read for each page, never when credentials are checked. */
    notServed?: (() => readonly NotServedEntry[]) | undefined;
  }) {
    const { inspector } = options;
    this.#inspector = inspector;
    this.#guard = options.guard;
    this.#logger = options.logger;
    // The page itself is served without credentials: it names nothing a token would guard.
    this.#notServed = options.authRequired ? undefined : options.notServed;
    this.#config = {
      endpoint: endpointFromPage(inspector.prefix, options.endpointPath),
      transport: options.transport,
      allowExecute: inspector.allowExecute,
      authRequired: options.authRequired,
    };
  }

  /** Whether `pathname` is the page or one of its files. */
  owns(pathname: string): boolean {
    return isInspectorPath(pathname, this.#inspector.prefix);
  }

  /**
   * Answers a request {@link owns} says is the inspector's, after the Host/Origin checks every
   * route but `/health` passes (the page itself needs no credentials: it asks for them).
   */
  serve(request: IncomingMessage, response: ServerResponse, pathname: string): void {
    const policy = { guard: this.#guard, logger: this.#logger };
    if (!passGuard(request, response, policy, 'the inspector')) return;
    serveInspector(request, response, pathname, this.#inspector, this.#pageConfig());
  }

  /** The page's config, with what is not served right now (paths left out: they stay in the log). */
  #pageConfig(): InspectorPageConfig {
    const notServed = this.#notServed?.() ?? [];
    if (notServed.length === 0) return this.#config;
    const entries = notServed.map(({ kind, name, reason }) => ({ kind, name, reason }));
    return { ...this.#config, notServed: entries };
  }

  /** Marks an admitted MCP request the read-only page sent, so its tool calls are refused. */
  markRequest(request: IncomingMessage): void {
    if (this.#inspector.allowExecute) return;
    if (isInspectorPageRequest(request, this.#inspector.prefix)) {
      markReadOnlyInspectorRequest(request);
    }
  }
}
