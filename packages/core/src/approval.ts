import type { ModuleAnnotations } from './contract.js';
import type { ModuleContext } from './module-context.js';

/** What an {@link ApprovalHandler} is asked about. */
export interface ApprovalRequest {
  moduleId: string;
  inputs: Record<string, unknown>;
  annotations: ModuleAnnotations;
  context: ModuleContext;
}

/** An {@link ApprovalHandler}'s answer; anything but `approved` denies the call. */
export interface ApprovalResult {
  status: 'approved' | 'rejected';
  reason?: string;
}

/**
 * Asked before a module annotated `requiresApproval` runs (after the ACL, before input
 * validation). A rejection raises `ApprovalDeniedError`.
 *
 * @example
 * ```ts
 * const approvalHandler: ApprovalHandler = {
 *   requestApproval: async ({ moduleId }) =>
 *     (await askUser(`Run ${moduleId}?`)) ? { status: 'approved' } : { status: 'rejected', reason: 'declined' },
 * };
 * ```
 */
export interface ApprovalHandler {
  requestApproval(request: ApprovalRequest): ApprovalResult | Promise<ApprovalResult>;
}

/**
 * Marks executors that ask the approval handler a context carries (see
 * {@link supportsContextApproval}). A `Symbol.for` key, so every copy of this package agrees.
 *
 * @example
 * ```ts
 * class MyExecutor {
 *   readonly [CONTEXT_APPROVAL_MARKER] = true;
 * }
 * ```
 */
export const CONTEXT_APPROVAL_MARKER = Symbol.for('apcore-mcp.context-approval');

/**
 * Whether `executor` asks the {@link ApprovalHandler} a call's client channel carries (its
 * `approval`, read with `clientChannelOf`) before running a module annotated `requiresApproval` — after its ACL,
 * and for nested calls too. `@apcore-mcp/runtime`'s `Executor` does (recognised by
 * {@link CONTEXT_APPROVAL_MARKER}, so any copy of the package counts); a bridge must check
 * approval itself for executors that do not.
 *
 * @example
 * ```ts
 * if (!supportsContextApproval(executor)) await askBeforeCalling(moduleId);
 * ```
 */
export function supportsContextApproval(executor: unknown): boolean {
  return (
    typeof executor === 'object' &&
    executor !== null &&
    (executor as Record<symbol, unknown>)[CONTEXT_APPROVAL_MARKER] === true
  );
}
