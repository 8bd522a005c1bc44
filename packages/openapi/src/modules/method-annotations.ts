import type { ModuleAnnotations } from '@apcore-mcp/core';

/** The HTTP methods an operation may have, as OpenAPI spells them in a path item. */
export const HTTP_METHODS = Object.freeze([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const);

/** One of {@link HTTP_METHODS}. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The annotations an operation's method implies (RFC 9110's safe and idempotent methods), as
 * the apcore contract pins them: GET readonly and cacheable, HEAD and OPTIONS readonly, PUT
 * idempotent, DELETE destructive, POST and PATCH nothing. Approval is never inferred: nothing
 * in a method says which writes matter.
 *
 * @example
 * ```ts
 * annotationsForMethod('delete'); // { destructive: true }
 * ```
 */
export function annotationsForMethod(method: HttpMethod): Partial<ModuleAnnotations> {
  switch (method) {
    case 'get':
      return { readonly: true, cacheable: true };
    case 'head':
    case 'options':
      return { readonly: true };
    case 'put':
      return { idempotent: true };
    case 'delete':
      return { destructive: true };
    default:
      return {};
  }
}
