import type { Logger } from '@apcore-mcp/core/bridge';
import {
  describeUnguardedWrites,
  findUnguardedWrites,
  type OpenapiModule,
} from '@apcore-mcp/openapi';
import { type ACL, matchPattern } from '@apcore-mcp/runtime';

/** Whether an ACL rule asks for approval before this module runs (`approval: required`). */
function aclAsksApproval(acl: ACL | undefined, moduleId: string): boolean {
  return (acl?.rules ?? []).some(
    (rule) =>
      rule.approval === 'required' &&
      rule.targets.some((pattern) => matchPattern(pattern, moduleId)),
  );
}

/**
 * Logs one WARNING listing the served operations that change data (POST, PUT, PATCH, DELETE)
 * with nothing to ask for approval first: every such operation under `--approval allow`, else
 * those no ACL rule with `approval: required` targets (a document marks none as needing it).
 *
 * @example
 * ```ts
 * warnUnguardedWrites(modules, { approval: 'elicit', acl, logger });
 * ```
 */
export function warnUnguardedWrites(
  modules: readonly OpenapiModule[],
  options: { approval: string | undefined; acl: ACL | undefined; logger: Logger },
): void {
  const approvalOff = options.approval === 'allow';
  const writes = findUnguardedWrites(modules).filter(
    ({ moduleId }) => approvalOff || !aclAsksApproval(options.acl, moduleId),
  );
  if (writes.length > 0) {
    options.logger.warn(
      { moduleIds: writes.map(({ moduleId }) => moduleId) },
      describeUnguardedWrites(writes),
    );
  }
}
