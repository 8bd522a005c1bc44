/**
 * Which `aud` a bearer token must carry. By default the server's own resource URL, the one its
 * RFC 9728 metadata announces: the MCP authorization spec (RFC 8707) has servers accept only
 * tokens issued for them, so a token the same identity provider minted for another API fails.
 *
 * @example
 * ```ts
 * const rule: AudienceRule = { kind: 'listed', audiences: ['https://mcp.example.com/mcp'] };
 * ```
 */
export type AudienceRule =
  /** The resource URL: `auth.resourceUrl`, else the one each request addresses. */
  | { kind: 'resource-url' }
  /** One of the `auth.audience` values. */
  | { kind: 'listed'; audiences: readonly string[] }
  /** Any audience, or none: the explicit opt-out `auth.audienceAny`. */
  | { kind: 'any' };

/**
 * The rule in words for the startup log: `the resource URL https://...`, `the resource URL of
 * each request`, `one of a, b`, or `any`.
 *
 * @example
 * ```ts
 * describeAudienceRule({ kind: 'any' }, undefined); // 'any'
 * ```
 */
export function describeAudienceRule(rule: AudienceRule, resourceUrl: URL | undefined): string {
  if (rule.kind === 'any') return 'any';
  if (rule.kind === 'listed') {
    return rule.audiences.length === 1
      ? String(rule.audiences[0])
      : `one of ${rule.audiences.join(', ')}`;
  }
  return resourceUrl === undefined
    ? "the resource URL of each request (its scheme, Host and endpoint path, as in the request's protected resource metadata)"
    : `the resource URL ${resourceUrl.href}`;
}
