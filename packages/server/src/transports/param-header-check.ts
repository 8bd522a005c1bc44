import type { ParamHeader } from '../tools/param-headers.js';

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';
/** Canonical Base64: whole quanta, `=` padding only at the end (Node's decoder is lenient). */
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** What an unencoded header value may hold: visible ASCII, space and tab. */
const PLAIN_VALUE = /^[\t\x20-\x7e]*$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A parameter value as a client writes it into its header (the spec's type conversion), or
 * `undefined` for a value no header can carry (the client then sends none, and none is expected).
 */
function toHeaderText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return undefined;
  return String(value);
}

/** The value a header carries: Base64-decoded inside the sentinel; `undefined` when malformed. */
function decodeHeader(value: string): string | undefined {
  if (!(value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX))) {
    return PLAIN_VALUE.test(value) ? value : undefined;
  }
  const encoded = value.slice(BASE64_PREFIX.length, value.length - BASE64_SUFFIX.length);
  if (!CANONICAL_BASE64.test(encoded)) return undefined;
  try {
    return utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Integers (and numbers) compare as numbers, so `42.0` matches 42; everything else as text. */
function matches(header: ParamHeader, decoded: string, body: unknown, bodyText: string): boolean {
  const numeric = header.type === 'integer' || header.type === 'number';
  if (numeric && typeof body === 'number' && DECIMAL.test(decoded)) return Number(decoded) === body;
  return decoded === bodyText;
}

/**
 * A `Mcp-Param-*` header that does not match the call: which header, and the `HeaderMismatch`
 * message for the client.
 *
 * @example
 * ```ts
 * const mismatch: ParamHeaderMismatch = { header: 'Mcp-Param-Region', message: 'Header mismatch: ...' };
 * ```
 */
export interface ParamHeaderMismatch {
  header: string;
  message: string;
}

/**
 * Checks a 2026-07-28 `tools/call`'s `Mcp-Param-*` headers against its arguments, as the
 * Streamable HTTP transport requires of a server that reads the body: for each declared header
 * whose parameter has a value (not `null`, not absent), the header must be present, well formed
 * (plain visible ASCII, or `=?base64?...?=` with canonical Base64 of UTF-8) and, decoded, equal
 * to the value. Returns the first failure, `undefined` when all match. Messages name the header
 * and the parameter, never a value.
 *
 * @example
 * ```ts
 * const mismatch = checkParamHeaders(scan.headers, params.arguments, (name) => request.headers[name.toLowerCase()]);
 * if (mismatch !== undefined) refuse(400, -32020, mismatch.message);
 * ```
 */
export function checkParamHeaders(
  headers: readonly ParamHeader[],
  args: unknown,
  readHeader: (name: string) => string | undefined,
): ParamHeaderMismatch | undefined {
  for (const header of headers) {
    const body = valueAt(args, header.path);
    const bodyText = body === null ? undefined : toHeaderText(body);
    if (bodyText === undefined) continue;
    const name = `Mcp-Param-${header.name}`;
    const parameter = header.path.join('.');
    const sent = readHeader(name);
    const decoded = sent === undefined ? undefined : decodeHeader(sent);
    let problem: string | undefined;
    if (sent === undefined) problem = `header is missing, but the body has ${parameter}`;
    else if (decoded === undefined)
      problem = 'header value is malformed (invalid characters or Base64)';
    else if (!matches(header, decoded, body, bodyText)) {
      problem = `header value does not match the body's ${parameter}`;
    }
    if (problem !== undefined)
      return { header: name, message: `Header mismatch: ${name} ${problem}` };
  }
  return undefined;
}
