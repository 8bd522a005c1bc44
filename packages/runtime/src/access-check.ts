import { ACLDeniedError } from '@apcore-mcp/core';
import type { Context } from './context.js';
import type { AccessControl } from './executor-options.js';

/**
 * Step 4 of the pipeline: `context`'s call of `moduleId` must pass `acl` (none: every call does).
 *
 * @throws {ACLDeniedError} the ACL refuses the call.
 * @example
 * ```ts
 * assertAccess(acl, 'orders.refund', context);
 * ```
 */
export function assertAccess(acl: AccessControl | null, moduleId: string, context: Context): void {
  if (acl === null || acl.check(context.callerId, moduleId, context)) return;
  throw new ACLDeniedError({
    callerId: context.callerId ?? '@external',
    targetId: moduleId,
    traceId: context.traceId,
  });
}

/**
 * Whether a top-level call of `moduleId` from `caller` (a top-level context) would pass `acl`:
 * asked with the context that call would run under, so conditions on the call chain and the
 * identity see what they will see then.
 *
 * @example
 * ```ts
 * canCallTopLevel(acl, 'orders.refund', Context.create({ identity })); // true or false
 * ```
 */
export function canCallTopLevel(
  acl: AccessControl | null,
  moduleId: string,
  caller: Context,
): boolean {
  if (acl === null) return true;
  const context = caller.child(moduleId);
  return acl.check(context.callerId, moduleId, context);
}
