import type { HttpRoute } from './http-route.js';
import type { Logger } from './logger.js';
import type { AnyOptionDeclaration, ResolvedOf } from './option-declaration.js';

/** The option declarations a feature owns, by option name. */
export type FeatureOptionDeclarations = Record<string, AnyOptionDeclaration>;

/** A feature's own options after their check, defaults filled in. */
export type ResolvedFeatureOptions<Declarations extends FeatureOptionDeclarations> = {
  readonly [Name in keyof Declarations]: ResolvedOf<Declarations[Name]>;
};

/**
 * What the frame tells a feature about the HTTP endpoint it is served beside.
 *
 * @example
 * ```ts
 * const frame: HttpFeatureFrame = { name: 'tools', version: '1.0.0', transport: 'streamable-http', endpointPath: '/mcp', tls: false, authRequired: false, logger };
 * ```
 */
export interface HttpFeatureFrame {
  /** The server's name and version, as `initialize` and `server/discover` report them. */
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
}

/**
 * One capability of the server, in one folder of `src/features/`: the options it declares
 * (the option table, `ServeOptions`, the CLI's flags, variables and `--help` derive from them)
 * and the parts it adds to the frame, each given the feature's own resolved options. A feature
 * never imports another; the frame reads the list in `src/features/feature-list.ts`.
 *
 * @example
 * ```ts
 * export const HELLO_FEATURE = defineServerFeature({
 *   name: 'hello',
 *   options: { hello: declareOption<boolean, boolean>({ expected: 'a boolean', defaultValue: false, resolve: Boolean }) },
 *   httpRoutes: ({ hello }) => (hello ? [helloRoute] : []),
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
  /** The routes it serves on the HTTP transports (none when its options leave it off). */
  httpRoutes?(
    options: ResolvedFeatureOptions<Declarations>,
    frame: HttpFeatureFrame,
  ): readonly HttpRoute[];
}

/**
 * Declares a feature, keeping its option declarations' types for the option table.
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
