import type { IncomingMessage } from 'node:http';
import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import type { HttpRoute } from '../kernel/http-route.js';
import type { Logger } from '../kernel/logger.js';
import type { NotServedEntry } from '../kernel/not-served.js';
import type { AnyOptionDeclaration, ResolvedOf } from '../kernel/option-declaration.js';
import type { TransportName } from '../kernel/transports.js';

/** The option declarations a feature owns, by option name. */
export type FeatureOptionDeclarations = Record<string, AnyOptionDeclaration>;

/** A feature's own options after their check, defaults filled in. */
export type ResolvedFeatureOptions<Declarations extends FeatureOptionDeclarations> = {
  readonly [Name in keyof Declarations]: ResolvedOf<Declarations[Name]>;
};

/**
 * What the frame tells a feature about the server it is part of, when its options are checked
 * and when it opens.
 *
 * @example
 * ```ts
 * const frame: FeatureFrame = { name: 'tools', version: '1.0.0', transport: 'stdio', path: '/mcp', logger };
 * ```
 */
export interface FeatureFrame {
  /** The server's name and version, as `initialize` and `server/discover` report them. */
  readonly name: string;
  readonly version: string;
  readonly transport: TransportName;
  /** The Streamable HTTP endpoint's path (the `path` option). */
  readonly path: string;
  readonly logger: Logger;
}

/**
 * What the frame tells a feature about the HTTP endpoint it is served beside.
 *
 * @example
 * ```ts
 * const frame: HttpFeatureFrame = { name: 'tools', version: '1.0.0', transport: 'streamable-http', endpointPath: '/mcp', tls: false, authRequired: false, logger, notServed: () => [] };
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
  /** Sees each MCP request the HTTP side admitted, before the SDK reads it (to mark it). */
  onAdmittedRequest?(request: IncomingMessage): void;
  /** Tells, once the server listens at `serverUrl`, where the feature is; returns that address. */
  announce?(serverUrl: string): string | undefined;
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
   * Checks its options against the frame's (a path that would hide the endpoint, say).
   *
   * @throws {InvalidOptionError} naming the option.
   */
  checkOptions?(options: ResolvedFeatureOptions<Declarations>, frame: FeatureFrame): void;
  /**
   * Opens the feature for one server, loading what its options need (an optional package:
   * a missing one stops the start). `undefined`: its options leave it off.
   */
  open?(
    options: ResolvedFeatureOptions<Declarations>,
    frame: FeatureFrame,
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
