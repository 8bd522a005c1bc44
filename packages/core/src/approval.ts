import type { Context } from './context.js';
import type { ModuleAnnotations } from './contract.js';

/** What an {@link ApprovalHandler} is asked about. */
export interface ApprovalRequest {
  moduleId: string;
  inputs: Record<string, unknown>;
  annotations: ModuleAnnotations;
  context: Context;
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
