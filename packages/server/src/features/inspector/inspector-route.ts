import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../kernel/http-response.js';
import type { InspectorPageConfig, ServedInspector } from './inspector-assets.js';

/**
 * Whether `pathname` is the inspector's: its prefix, or anything under it.
 *
 * @example
 * ```ts
 * isInspectorPath('/inspector/inspector.js', '/inspector'); // true
 * ```
 */
export function isInspectorPath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Answers a request for the inspector: `<prefix>` redirects to `<prefix>/`, which is the page
 * (with `config` embedded), and `<prefix>/<name>` is one of its files; anything else under the
 * prefix is 404. GET and HEAD only. Every answer carries the page's Content-Security-Policy
 * and is never cached (the page embeds the server's settings). The caller has already checked
 * Host and Origin.
 *
 * @example
 * ```ts
 * if (isInspectorPath(pathname, inspector.prefix)) return serveInspector(request, response, pathname, inspector, config);
 * ```
 */
export function serveInspector(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  inspector: ServedInspector,
  config: InspectorPageConfig,
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
    response.end('Method not allowed\n');
    return;
  }
  const { prefix } = inspector;
  if (pathname === prefix) {
    // Relative, so that a handler mounted under a sub-path redirects within it.
    const lastSegment = prefix.slice(prefix.lastIndexOf('/') + 1);
    response.writeHead(308, { location: `${lastSegment}/`, 'cache-control': 'no-store' });
    response.end();
    return;
  }
  const name = pathname.slice(prefix.length + 1);
  const file =
    name === ''
      ? { body: inspector.assets.page(config), contentType: 'text/html; charset=utf-8' }
      : inspector.assets.asset(name);
  if (file === undefined) {
    sendJson(response, 404, { error: 'Not found', path: pathname });
    return;
  }
  response.writeHead(200, {
    'content-type': file.contentType,
    'content-security-policy': inspector.contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // The page's own requests must name it (same-origin only): that is how the server knows them.
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

/**
 * The MCP endpoint as the page at `<prefix>/` reaches it: a path relative to the page, so the
 * page works wherever the handler is mounted.
 *
 * @example
 * ```ts
 * endpointFromPage('/inspector', '/mcp'); // '../mcp'
 * ```
 */
export function endpointFromPage(prefix: string, endpointPath: string): string {
  const depth = prefix.split('/').length - 1;
  return `${'../'.repeat(depth)}${endpointPath.replace(/^\//, '')}`;
}
