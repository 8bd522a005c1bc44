import { fillAnnotations } from './annotations.js';
import type { Context } from './context.js';
import type { ModuleAnnotations } from './contract.js';
import { ApprovalDeniedError } from './errors/approval-denied-error.js';
import { isRecord, type ModuleLike } from './module-like.js';

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

/** The call an approval is checked for. */
export interface ApprovalCheck {
  moduleId: string;
  module: ModuleLike;
  inputs: unknown;
  context: Context;
}

/**
 * Asks `handler` about a module annotated `requiresApproval` (others pass unasked).
 *
 * @throws {ApprovalDeniedError} the handler did not answer `approved`.
 */
export async function checkApproval(handler: ApprovalHandler, call: ApprovalCheck): Promise<void> {
  const { moduleId, module, inputs, context } = call;
  const annotations = fillAnnotations(module.annotations);
  if (!annotations.requiresApproval) return;
  const result = await handler.requestApproval({
    moduleId,
    inputs: isRecord(inputs) ? inputs : {},
    annotations,
    context,
  });
  if (result?.status === 'approved') return;
  throw new ApprovalDeniedError({
    moduleId,
    traceId: context.traceId,
    ...(typeof result?.reason === 'string' ? { reason: result.reason } : {}),
  });
}
