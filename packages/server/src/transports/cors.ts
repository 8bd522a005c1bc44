import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeValue } from '../kernel/describe-value.js';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { resolveInteger } from '../kernel/read-option.js';

/**
 * The `cors` option: browser pages on these exact origins may call the server. Preflight
 * `OPTIONS` requests are answered; responses to these origins carry `Access-Control-Allow-Origin`
 * and expose `Mcp-Session-Id` and `WWW-Authenticate`. The origins are also allowed by the Origin
 * guard; any other origin is still refused (403).
 *
 * @example
 * ```ts
 * const cors: CorsOptions = { origins: ['https://app.example.com'], maxAgeSeconds: 600 };
 * ```
 */
export interface CorsOptions {
  /** Exact origins (`scheme://host[:port]`). */
  origins: readonly string[];
  /** How long browsers may cache a preflight answer, in seconds; default 600. */
  maxAgeSeconds?: number;
}

/** {@link CorsOptions} once checked. */
export interface ResolvedCors {
  origins: readonly string[];
  maxAgeSeconds: number;
}

const ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
].join(', ');
const EXPOSE_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';

/**
 * Checks the `cors` option; `undefined` when absent.
 *
 * @throws {InvalidOptionError} naming `cors.origins` or `cors.maxAgeSeconds`.
 * @example
 * ```ts
 * const cors = resolveCors({ origins: ['https://app.example.com'] });
 * ```
 */
export function resolveCors(value: CorsOptions | undefined): ResolvedCors | undefined {
  if (value === undefined) return undefined;
  const origins = (value as { origins?: unknown } | null)?.origins;
  if (!Array.isArray(origins) || origins.some((origin) => typeof origin !== 'string')) {
    throw new InvalidOptionError({
      option: 'cors',
      value,
      expected: "{ origins: ['https://app.example.com', ...] }",
      sentence: [
        { option: 'cors' },
        ` must be { origins: ['https://app.example.com', ...] }, got ${describeValue(origins)}`,
      ],
    });
  }
  for (const origin of origins as string[]) {
    if (!isExactOrigin(origin)) {
      throw new InvalidOptionError({
        option: 'cors.origins',
        value: origin,
        expected: "exact origins like 'https://app.example.com'",
        sentence: [
          { option: 'cors.origins' },
          ` entry '${origin}' is not an origin; expected exact origins like 'https://app.example.com'`,
        ],
      });
    }
  }
  return {
    origins: Object.freeze([...(origins as string[])]),
    maxAgeSeconds: resolveInteger('cors.maxAgeSeconds', value.maxAgeSeconds, 600, 0),
  };
}

function isExactOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * Adds the CORS headers a response to this request needs (before anything is written). Answers
 * a preflight itself: 204 for an allowed origin, 403 for any other. `true` when it answered.
 *
 * @example
 * ```ts
 * if (applyCors(request, response, cors)) return;
 * ```
 */
export function applyCors(
  request: IncomingMessage,
  response: ServerResponse,
  cors: ResolvedCors,
): boolean {
  response.setHeader('Vary', 'Origin');
  const origin = request.headers.origin;
  const allowed = origin !== undefined && cors.origins.includes(origin);
  if (allowed) {
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  }
  const preflight =
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
  if (!preflight) return false;
  if (!allowed) {
    response.writeHead(403, { 'content-type': 'text/plain' });
    response.end(`Forbidden: Origin not allowed: ${origin ?? '(none)'}`);
    return true;
  }
  response.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': String(cors.maxAgeSeconds),
  });
  response.end();
  return true;
}
