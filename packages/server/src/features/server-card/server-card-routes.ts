import type { HttpFeatureFrame } from '../../feature-api/server-feature.js';
import type { HttpExchange, HttpRoute } from '../../kernel/http-route.js';
import {
  buildCatalog,
  buildServerCard,
  type CardLocation,
  locateCard,
  SERVER_CARD_MEDIA_TYPE,
} from './server-card-document.js';
import type { ResolvedServerCard } from './server-card-option.js';

/** Where the domain's MCP Catalog is served. */
export const CATALOG_PATH = '/.well-known/mcp/catalog.json';

// Discovery documents are public and read-only: any page may read them (the discovery
// extension asks for exactly these headers), and caches may keep them for an hour.
const PUBLIC_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type',
};
const CACHE_CONTROL = 'public, max-age=3600';
const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * The two routes of the Server Card: the card at `<endpoint>/server-card` and the catalog at
 * {@link CATALOG_PATH}. Both answer GET and HEAD, and preflights, without authentication; the
 * `Host` check applies (the card's URLs are built from it), the `Origin` check does not.
 *
 * @example
 * ```ts
 * const routes = serverCardRoutes({}, frame);
 * ```
 */
export function serverCardRoutes(card: ResolvedServerCard, frame: HttpFeatureFrame): HttpRoute[] {
  const cardPath = `${frame.endpointPath.replace(/\/$/, '')}/server-card`;
  const document = (location: CardLocation) => buildServerCard(card, frame, location);
  return [
    publicDocument(cardPath, SERVER_CARD_MEDIA_TYPE, (exchange) =>
      answerFor(exchange, card, frame, document),
    ),
    publicDocument(CATALOG_PATH, 'application/json', (exchange) =>
      answerFor(exchange, card, frame, (location) => buildCatalog(document(location), location)),
    ),
  ];
}

function answerFor(
  exchange: HttpExchange,
  card: ResolvedServerCard,
  frame: HttpFeatureFrame,
  build: (location: CardLocation) => unknown,
): unknown {
  const location = locateCard(card, frame, exchange.request.headers.host);
  return location === undefined ? undefined : build(location);
}

function publicDocument(
  path: string,
  contentType: string,
  body: (exchange: HttpExchange) => unknown,
): HttpRoute {
  return {
    cors: 'public',
    owns: (pathname) => pathname === path,
    serve: (exchange) => {
      const { request, response } = exchange;
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { ...PUBLIC_HEADERS, 'access-control-max-age': '3600' }).end();
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response
          .writeHead(405, { allow: ALLOW, 'content-type': 'text/plain' })
          .end('Method not allowed');
        return;
      }
      if (!exchange.passGuard(path, { origin: false })) return;
      const document = body(exchange);
      if (document === undefined) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request: invalid Host');
        return;
      }
      const text = JSON.stringify(document);
      response.writeHead(200, {
        ...PUBLIC_HEADERS,
        'content-type': contentType,
        'content-length': String(Buffer.byteLength(text)),
        'cache-control': CACHE_CONTROL,
      });
      response.end(request.method === 'HEAD' ? undefined : text);
    },
  };
}
