/**
 * What the page needs to know; the server embeds it in the HTML it serves.
 *
 * @example
 * ```ts
 * const config: InspectorPageConfig = {
 *   endpoint: '/mcp',
 *   transport: 'streamable-http',
 *   allowExecute: false,
 *   authRequired: false,
 * };
 * ```
 */
export interface InspectorPageConfig {
  /** The MCP endpoint's absolute path on this origin: '/mcp' (streamable-http) or '/sse' (sse). */
  endpoint: string;
  transport: 'streamable-http' | 'sse';
  /** false: the page only inspects (no Run button; the server also refuses its tools/call). */
  allowExecute: boolean;
  /** true when the server checks bearer tokens: the page asks for one before connecting. */
  authRequired: boolean;
  /**
   * What the server was given but does not serve, and why: listed under "Not served". The
   * server leaves it out when it checks credentials (the page is served without them).
   */
  notServed?: readonly NotServedEntry[];
}

/**
 * A module, resource, resource template, prompt or event type the server does not serve, and why.
 *
 * @example
 * ```ts
 * const entry: NotServedEntry = { kind: 'module', name: 'orders.place', reason: 'its input schema is not valid JSON Schema: ...' };
 * ```
 */
export interface NotServedEntry {
  kind: 'module' | 'resource' | 'resourceTemplate' | 'prompt' | 'eventType';
  /** The module id, the resource's URI, the template, or the prompt's name. */
  name: string;
  reason: string;
}

/** The id of the `<script type="application/json">` element that carries the config. */
export const CONFIG_ELEMENT_ID = 'apcore-inspector-config';

/** The text the HTML template holds where the config goes (a JSON string, so the template parses). */
export const CONFIG_PLACEHOLDER = '"__APCORE_INSPECTOR_CONFIG__"';

/**
 * The config as JSON that is safe inside a `<script>` element: every `<` is written `\u003c`, so
 * no value can close the element (`</script>`) or open a comment.
 *
 * @example
 * ```ts
 * embedConfig({ endpoint: '/mcp</script>', transport: 'sse', allowExecute: false, authRequired: false });
 * // '{"endpoint":"/mcp\\u003c/script>",...}'
 * ```
 */
export function embedConfig(config: InspectorPageConfig): string {
  const { endpoint, transport, allowExecute, authRequired } = config;
  const known: InspectorPageConfig = { endpoint, transport, allowExecute, authRequired };
  if (config.notServed !== undefined) {
    known.notServed = config.notServed.map(({ kind, name, reason }) => ({ kind, name, reason }));
  }
  return JSON.stringify(known).replaceAll('<', '\\u003c');
}
