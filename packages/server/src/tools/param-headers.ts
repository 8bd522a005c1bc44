import type { Logger } from '../kernel/logger.js';
import type { ServedTool } from '../kernel/served-tool.js';

/** The schema keyword that mirrors a tool parameter into an `Mcp-Param-{name}` HTTP header. */
const X_MCP_HEADER = 'x-mcp-header';

/** RFC 9110 `token` (`1*tchar`): what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The parameter types a header may mirror; `number` is explicitly not one. */
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);

/**
 * Keywords whose subschemas are not "statically reachable" (a chain of `properties` only): an
 * `x-mcp-header` under any of them makes the tool definition invalid.
 */
const UNREACHABLE_KEYWORDS = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
] as const;

/** Keywords above whose value maps names to subschemas (rather than being one or a list). */
const NAMED_SUBSCHEMAS = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * One parameter a tool mirrors into a header (2026-07-28 Streamable HTTP, SEP-2243): where its
 * value sits in the arguments and the header that carries it, `Mcp-Param-{name}`.
 *
 * @example
 * ```ts
 * const region: ParamHeader = { path: ['region'], name: 'Region', type: 'string' };
 * ```
 */
export interface ParamHeader {
  /** The chain of `properties` keys from the arguments to the value. */
  readonly path: readonly string[];
  /** The `x-mcp-header` value: the header is `Mcp-Param-{name}`. */
  readonly name: string;
  /** The parameter's JSON Schema `type`, when it names one. */
  readonly type: string | undefined;
}

/**
 * What {@link scanParamHeaders} found in an input schema.
 *
 * @example
 * ```ts
 * const { headers, problem }: ParamHeaderScan = scanParamHeaders(tool.inputSchema);
 * ```
 */
export interface ParamHeaderScan {
  /** The headers the server checks on a call: each well-named one on a reachable property. */
  readonly headers: readonly ParamHeader[];
  /**
   * The first `x-mcp-header` the specification forbids, and why: conforming Streamable HTTP
   * clients leave such a tool out of their tool list.
   */
  readonly problem: string | undefined;
}

interface Scan {
  headers: ParamHeader[];
  problem: string | undefined;
  seen: Map<string, string>;
}

function pathName(path: readonly string[]): string {
  return path.length === 0 ? '(root)' : path.join('.');
}

function declare(scan: Scan, schema: Record<string, unknown>, path: string[], reachable: boolean) {
  const name = schema[X_MCP_HEADER];
  const where = pathName(path);
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    scan.problem ??= `${where}: x-mcp-header must be a header name (an RFC 9110 token)`;
    return;
  }
  if (!reachable || path.length === 0) {
    scan.problem ??= `${where}: x-mcp-header is allowed only on a property reached through properties alone`;
    return;
  }
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === undefined || !HEADER_TYPES.has(type)) {
    scan.problem ??= `${where}: x-mcp-header is allowed only on a string, integer or boolean property, not ${type ?? 'an untyped one'}`;
  }
  const earlier = scan.seen.get(name.toLowerCase());
  if (earlier !== undefined) {
    scan.problem ??= `${where}: x-mcp-header "${name}" is also declared by ${earlier}`;
    return;
  }
  scan.seen.set(name.toLowerCase(), where);
  scan.headers.push({ path: [...path], name, type });
}

function visit(scan: Scan, node: unknown, path: string[], reachable: boolean): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  if (Object.hasOwn(schema, X_MCP_HEADER)) declare(scan, schema, path, reachable);
  const { properties } = schema;
  if (properties !== null && typeof properties === 'object') {
    for (const [key, child] of Object.entries(properties)) {
      visit(scan, child, [...path, key], reachable);
    }
  }
  for (const keyword of UNREACHABLE_KEYWORDS) {
    const value = schema[keyword];
    if (value === undefined) continue;
    const branches = Array.isArray(value)
      ? value
      : NAMED_SUBSCHEMAS.has(keyword) && value !== null && typeof value === 'object'
        ? Object.values(value)
        : [value];
    for (const branch of branches) visit(scan, branch, [...path, `<${keyword}>`], false);
  }
}

/**
 * Reads the `x-mcp-header` declarations of a tool's input schema: the headers a 2026-07-28
 * client mirrors its arguments into, and the first declaration the specification forbids (empty
 * or not a token, on a property not reached through `properties` alone, on a type other than
 * string, integer or boolean, or a name declared twice, ignoring case). A `number` property's
 * header is both reported and checked, as the SDK does.
 *
 * @example
 * ```ts
 * scanParamHeaders({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } });
 * // { headers: [{ path: ['region'], name: 'Region', type: 'string' }], problem: undefined }
 * ```
 */
export function scanParamHeaders(inputSchema: unknown): ParamHeaderScan {
  const scan: Scan = { headers: [], problem: undefined, seen: new Map() };
  visit(scan, inputSchema, [], true);
  return { headers: scan.headers, problem: scan.problem };
}

/**
 * Warns (through the logger) about each served tool whose `x-mcp-header` declarations the
 * specification forbids: conforming 2026-07-28 Streamable HTTP clients leave such a tool out of
 * their tool list, so it is served but never called by them. With `only`, checks that tool alone
 * (one added or changed under `dynamic`).
 *
 * @example
 * ```ts
 * warnAboutParamHeaders(table.list(), logger);
 * ```
 */
export function warnAboutParamHeaders(
  tools: readonly ServedTool[],
  logger: Logger,
  only?: string,
): void {
  for (const { tool } of tools) {
    if (only !== undefined && tool.name !== only) continue;
    const { problem } = scanParamHeaders(tool.inputSchema);
    if (problem === undefined) continue;
    logger.warn(
      { toolName: tool.name, problem },
      `Tool ${tool.name} has an invalid x-mcp-header (${problem}): 2026-07-28 clients over Streamable HTTP leave it out of their tool list`,
    );
  }
}
