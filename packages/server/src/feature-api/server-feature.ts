import type { IncomingMessage } from 'node:http';
import type { CallObserver } from '../calls/call-observer.js';
import type { ExecutionRouter } from '../calls/execution-router.js';
import type { CallMiddleware, CheckedMiddleware } from '../calls/pipeline/call-middleware.js';
import type { HttpAuthenticator } from '../kernel/http-authenticator.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import type { NotServedEntry } from '../kernel/not-served.js';
import type { AcceptedOf, AnyOptionDeclaration, ResolvedOf } from '../kernel/option-declaration.js';
import type { TransportName } from '../kernel/transports.js';
import type { SurfacePart } from '../protocol/surface-part.js';
import type { RequestObserver, RequestStep } from '../requests/request-step.js';
import type { FeatureRuntime } from './feature-runtime.js';

/** The option declarations a feature owns, by option name. */
export type FeatureOptionDeclarations = Record<string, AnyOptionDeclaration>;

/** A feature's own options after their check, defaults filled in. */
export type ResolvedFeatureOptions<Declarations extends FeatureOptionDeclarations> = {
  readonly [Name in keyof Declarations]: ResolvedOf<Declarations[Name]>;
};

/** A feature's own options as they were given (absent: not given), for a rule about them. */
export type GivenFeatureOptions<Declarations extends FeatureOptionDeclarations> = {
  readonly [Name in keyof Declarations]?: AcceptedOf<Declarations[Name]>;
};

/**
 * What the frame tells a feature about the server it is part of, when its options are checked
 * and when it opens.
 *
 * @example
 * ```ts
 * const frame: FeatureFrame = { name: 'tools', version: '1.0.0', transport: 'stdio', path: '/mcp', host: '127.0.0.1', allowedHosts: undefined, logger };
 * ```
 */
export interface FeatureFrame {
  /** The server's name and version, as `initialize` and `server/discover` report them. */
  readonly name: string;
  readonly version: string;
  readonly transport: TransportName;
  /** The Streamable HTTP endpoint's path (the `path` option). */
  readonly path: string;
  /** Where the HTTP transports listen (the `host` option). */
  readonly host: string;
  /** The `Host` headers HTTP accepts (`allowedHosts`; none: loopback names on a loopback bind). */
  readonly allowedHosts: readonly string[] | '*' | undefined;
  readonly logger: Logger;
}

/**
 * What the frame tells a feature about the HTTP endpoint it is served beside.
 *
 * @example
 * ```ts
 * const frame: HttpFeatureFrame = { name: 'tools', version: '1.0.0', transport: 'streamable-http', endpointPath: '/mcp', tls: false, authRequired: false, authenticator: undefined, sessions: () => 0, logger, notServed: () => [] };
 * ```
 */
export interface HttpFeatureFrame {
  readonly name: string;
  readonly version: string;
  readonly transport: 'streamable-http' | 'sse';
  /** The path clients connect to: the Streamable HTTP endpoint, or the SSE stream. */
  readonly endpointPath: string;
  /** Whether the listener speaks HTTPS. */
  readonly tls: boolean;
  /** Whether MCP requests must authenticate (the `auth` or `authenticate` option). */
  readonly authRequired: boolean;
  /** The authentication step of admission (a feature's), which `HttpExchange.admit()` runs. */
  readonly authenticator: HttpAuthenticator | undefined;
  /** How many 2025-11-25 sessions the endpoint holds open right now (read when asked). */
  readonly sessions: () => number;
  readonly logger: Logger;
  /** What the server was given but does not serve right now, and why. */
  readonly notServed: () => readonly NotServedEntry[];
}

/**
 * The parts an open feature adds to the frame. Each is optional: a feature adds what it needs.
 *
 * @example
 * ```ts
 * const opened: OpenedFeature = { httpRoutes: () => [helloRoute] };
 * ```
 */
export interface OpenedFeature {
  /** The routes it serves on the HTTP transports, asked after the frame's own. */
  httpRoutes?(frame: HttpFeatureFrame): readonly HttpRoute[];
  /**
   * A step every tool call meets before its arguments are checked, where a request that may
   * call no tool at all is refused.
   */
  readonly callGuard?: CallMiddleware;
  /**
   * The authentication step of the HTTP side's admission (after the Host/Origin checks): who
   * makes each MCP request. One feature at most gives it (the `auth` feature).
   */
  readonly authenticator?: HttpAuthenticator;
  /** Sees each MCP request the HTTP side admitted, before the SDK reads it (to mark it). */
  onAdmittedRequest?(request: IncomingMessage): void;
  /**
   * Tells, once the server listens at `serverUrl` (`undefined` over stdio), where the feature
   * is; returns that address.
   */
  announce?(serverUrl: string | undefined): string | undefined;
  /** What it serves over MCP (capabilities, handlers), installed by every host. */
  readonly surface?: SurfacePart;
  /**
   * Replaces the served tools in what clients are shown (`tools/list`, an attached server's
   * tools), read afresh each time: tool search's own two. Its `callSteps` answer those names.
   * When several features list tools, the first in the feature list is shown.
   */
  listedTools?(): McpTool[];
  /**
   * Its steps in every tool call's pipeline, each in its slot of the router's list (see
   * `CallSlot`); two features' steps in one slot run in the feature list's order.
   */
  readonly callSteps?: CallSteps;
  /** Its steps in every other request's pipeline, by slot, as `callSteps`. */
  readonly requestSteps?: Partial<Record<RequestSlot, RequestStep>>;
  /**
   * Once the runtime's router runs calls and its tool table is built: starts what runs them
   * outside a request (a task engine's attempts), or what needs the tools (an index).
   */
  start?(runtime: StartedRuntime): void;
  /**
   * When a host serves clients itself (`serve`, `startServer`, `createMcpHandler`; not
   * `createMcpServer`, `attachToServer` nor a task worker), after `start`, before the first
   * request: loads and starts what only a serving server needs (the metrics, their listener).
   * It may return the observer of every answered tool call, approval and other request (the
   * router's and the request pipeline's); the first feature's is used. A rejection stops the
   * start.
   */
  startServing?(runtime: StartedRuntime): Promise<ServerObserver | undefined>;
  /**
   * Once the tools are loaded, before serving starts: reads what it serves (a directory) and
   * warns about what it cannot serve. A rejection stops the start.
   */
  ready?(): Promise<void>;
  /**
   * The application said what it defines changed (`definitionsChanged()`): re-reads its live
   * sources and tells clients of each list that changed. Never throws.
   */
  definitionsChanged?(): void;
  /**
   * At shutdown, while the router still takes calls: lets what the feature runs finish or hands
   * it on (a task engine's attempts). Never rejects.
   */
  drain?(): Promise<void>;
  /** At shutdown, after the last call answered: writes out and closes what it holds. */
  close?(): Promise<void>;
  /** Stops following what it watches (a directory, a registry), when the server unloads. */
  stop?(): void;
  /** What it was given but does not serve, and why (shown by the inspector, logged at start). */
  notServed?(): readonly NotServedEntry[];
}

/**
 * The slots of a tool call's pipeline a feature may fill, outermost first: `tracing` wraps
 * everything, `record` hears every answered call, `search` answers a tool search's own tools,
 * `guard` refuses a request that may call no tool, `admit` may refuse a valid call before it
 * runs (limits, budgets), `task` may answer with the task the call becomes.
 */
export type CallSlot = keyof CallSteps;

/**
 * A step per slot of a tool call's pipeline, each typed with what is set by its place: the
 * slots before the input check see any call; `admit` and `task` see a {@link CheckedCall}
 * (its module known).
 *
 * @example
 * ```ts
 * const steps: CallSteps = { admit: (call, next) => (call.served.moduleId === 'x' ? refuse() : next()) };
 * ```
 */
export interface CallSteps {
  readonly tracing?: CallMiddleware | undefined;
  readonly record?: CallMiddleware | undefined;
  readonly search?: CallMiddleware | undefined;
  readonly guard?: CallMiddleware | undefined;
  readonly admit?: CheckedMiddleware | undefined;
  readonly task?: CheckedMiddleware | undefined;
}

/**
 * Hears every answered tool call and approval (as the router's observer) and every other
 * answered request (as the request pipeline's): told synchronously, quick, never throwing.
 *
 * @example
 * ```ts
 * const observer: ServerObserver = { answered: count, answeredRequest: count };
 * ```
 */
export type ServerObserver = CallObserver & RequestObserver;

/** The slots of every other request's pipeline: a span, rate limits, the ledger. */
export type RequestSlot = 'tracing' | 'admit' | 'record';

/**
 * What a feature may use of the runtime once its router runs calls.
 *
 * @example
 * ```ts
 * feature.start?.({ ...runtime, router });
 * ```
 */
export interface StartedRuntime extends FeatureRuntime {
  /** Runs tool calls through the whole pipeline (a task's attempts). */
  readonly router: ExecutionRouter;
  /**
   * Tells every client that the tool list changed (`notifications/tools/list_changed`, and the
   * HTTP endpoint's listen streams), when what a feature's `listTools` hook shows changed.
   */
  readonly toolListChanged: () => void;
}

/**
 * One capability of the server, in one folder of `src/features/`: the options it declares
 * (the option table, `ServeOptions`, the CLI's flags, variables and `--help` derive from them),
 * a check of them against the frame's, and what it adds to the frame once open. A feature never
 * imports another; the frame reads the list in `src/features/feature-list.ts`.
 *
 * @example
 * ```ts
 * export const HELLO_FEATURE = defineServerFeature({
 *   name: 'hello',
 *   options: { hello: declareOption<boolean, boolean>({ expected: 'a boolean', defaultValue: false, resolve: Boolean }) },
 *   open: ({ hello }) => (hello ? { httpRoutes: () => [helloRoute] } : undefined),
 * });
 * ```
 */
export interface ServerFeature<
  Declarations extends FeatureOptionDeclarations = FeatureOptionDeclarations,
  Name extends string = string,
> {
  /** Its folder's name; also the heading of its options in `--help`. */
  readonly name: Name;
  readonly options: Declarations;
  /**
   * Checks its options against the frame's (a path that would hide the endpoint, say), and
   * against each other (`given`: as given, to tell one set to its default from one left out).
   *
   * @throws {InvalidOptionError} naming the option.
   */
  checkOptions?(
    options: ResolvedFeatureOptions<Declarations>,
    frame: FeatureFrame,
    given: GivenFeatureOptions<Declarations>,
  ): void;
  /**
   * Opens the feature for one server, loading what its options need (an optional package:
   * a missing one stops the start). `undefined`: its options leave it off.
   */
  open?(
    options: ResolvedFeatureOptions<Declarations>,
    frame: FeatureFrame,
    runtime: FeatureRuntime,
  ): OpenedFeature | undefined | Promise<OpenedFeature | undefined>;
}

/**
 * Declares a feature, keeping its name's and option declarations' types for the option table.
 *
 * @example
 * ```ts
 * export const HELLO_FEATURE = defineServerFeature({ name: 'hello', options: {} });
 * ```
 */
export function defineServerFeature<
  const Declarations extends FeatureOptionDeclarations,
  const Name extends string,
>(feature: ServerFeature<Declarations, Name>): ServerFeature<Declarations, Name> {
  return feature;
}
