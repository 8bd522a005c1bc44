/**
 * What the page needs to know, embedded in the HTML the server sends (the shape
 * `@apcore-mcp/inspector` takes).
 *
 * @example
 * ```ts
 * const config: InspectorPageConfig = { endpoint: '../mcp', transport: 'streamable-http', allowExecute: false, authRequired: false };
 * ```
 */
export interface InspectorPageConfig {
  /** The MCP endpoint, relative to the page (so a handler mounted under a sub-path works). */
  endpoint: string;
  transport: 'streamable-http' | 'sse';
  /** `false`: the page only inspects, and the server refuses its calls. */
  allowExecute: boolean;
  /** The server checks credentials: the page asks for a bearer token before it connects. */
  authRequired: boolean;
  /** What the server does not serve, and why (absent when the server checks credentials). */
  notServed?: readonly InspectorNotServedEntry[];
}

/**
 * One entry of the page's "Not served" list: a module or definition the server left out.
 *
 * @example
 * ```ts
 * const entry: InspectorNotServedEntry = { kind: 'module', name: 'orders.place', reason: 'its input schema ...' };
 * ```
 */
export interface InspectorNotServedEntry {
  kind: 'module' | 'resource' | 'resourceTemplate' | 'prompt' | 'eventType';
  name: string;
  reason: string;
}

/**
 * The built page of `@apcore-mcp/inspector`, read into memory once (the shape of its
 * `loadInspectorAssets()` result, declared here so the server's types do not need the package).
 *
 * @example
 * ```ts
 * const html = assets.page({ endpoint: '../mcp', transport: 'streamable-http', allowExecute: true, authRequired: false });
 * ```
 */
export interface InspectorAssets {
  page(config: InspectorPageConfig): string;
  asset(name: string): { body: Uint8Array; contentType: string } | undefined;
}

/**
 * The inspector as a server serves it: where, whether it may call tools, its page, and the
 * Content-Security-Policy its responses carry.
 *
 * @example
 * ```ts
 * const served: ServedInspector = { prefix: '/inspector', allowExecute: false, assets, contentSecurityPolicy };
 * ```
 */
export interface ServedInspector {
  readonly prefix: string;
  readonly allowExecute: boolean;
  readonly assets: InspectorAssets;
  readonly contentSecurityPolicy: string;
}
