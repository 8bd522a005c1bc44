import type { IncomingMessage } from 'node:http';
import { attachToRequestAuth, type RouterCallExtra } from '../../kernel/call-extra.js';

/** The `authInfo.extra` key marking a request of a read-only inspector page. */
const READ_ONLY_INSPECTOR_KEY = 'apcoreReadOnlyInspector';

/**
 * Whether an MCP request was sent by the inspector page at `prefix`: a browser sends the
 * page's address as `Referer` with every request the page makes (its own client's, and any a
 * user types into the page's console), and `Sec-Fetch-Site: same-origin`. The path is compared
 * by its end, so a handler mounted under a sub-path (`/api` + `/inspector/`) still knows its
 * page.
 *
 * @example
 * ```ts
 * isInspectorPageRequest(request, '/inspector'); // true for the page's own requests
 * ```
 */
export function isInspectorPageRequest(request: IncomingMessage, prefix: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  let pathname: string;
  try {
    pathname = new URL(referer).pathname;
  } catch {
    return false;
  }
  return pathname.endsWith(`${prefix}/`) || pathname.endsWith(prefix);
}

/**
 * Marks a request of a read-only inspector page, so that every call it carries is refused by
 * {@link isReadOnlyInspectorCall}'s entry.
 *
 * @example
 * ```ts
 * if (isInspectorPageRequest(request, prefix)) markReadOnlyInspectorRequest(request);
 * ```
 */
export function markReadOnlyInspectorRequest(request: IncomingMessage): void {
  attachToRequestAuth(request, READ_ONLY_INSPECTOR_KEY, true);
}

/**
 * Whether a call came in a request {@link markReadOnlyInspectorRequest} marked.
 *
 * @example
 * ```ts
 * if (isReadOnlyInspectorCall(call.extra)) throw inspectorReadOnly();
 * ```
 */
export function isReadOnlyInspectorCall(extra: RouterCallExtra): boolean {
  return extra.authInfo?.extra?.[READ_ONLY_INSPECTOR_KEY] === true;
}
