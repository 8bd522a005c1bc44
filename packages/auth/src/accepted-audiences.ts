import type { AudienceRule } from './token-verifier-options.js';

/**
 * The `aud` values a token for `resource` may carry under `rule`; `undefined` when any will do.
 * A resource URL without a path is announced with its trailing `/` (that is how `URL` writes
 * it), while token requests usually name it without one: both spellings are accepted.
 *
 * @example
 * ```ts
 * acceptedAudiences({ kind: 'resource-url' }, new URL('https://mcp.example.com/mcp'));
 * // ['https://mcp.example.com/mcp']
 * ```
 */
export function acceptedAudiences(rule: AudienceRule, resource: URL): string[] | undefined {
  if (rule.kind === 'any') return undefined;
  if (rule.kind === 'listed') return [...rule.audiences];
  const announced = resource.href;
  const bareOrigin = resource.pathname === '/' && resource.search === '';
  return bareOrigin ? [announced, announced.slice(0, -1)] : [announced];
}
