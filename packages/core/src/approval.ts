import { fillAnnotations, readAnnotationFlag } from './annotations.js';
import type { Context } from './context.js';
import type { ModuleAnnotations } from './contract.js';
import { ApprovalDeniedError } from './errors/approval-denied-error.js';
import { MCP_APPROVAL_KEY } from './mcp-context-keys.js';
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

/** A module's filled annotations when they require approval (either spelling), else `null`. */
function approvalAnnotations(module: ModuleLike): ModuleAnnotations | null {
  if (!readAnnotationFlag(module.annotations, 'requiresApproval')) return null;
  return fillAnnotations(module.annotations);
}

/** Whether a module is annotated as requiring approval (either spelling of the key). */
export function requiresApproval(module: ModuleLike): boolean {
  return readAnnotationFlag(module.annotations, 'requiresApproval');
}

/**
 * Asks `handler` about a module annotated `requiresApproval` (others pass unasked).
 *
 * @throws {ApprovalDeniedError} the handler did not answer `approved`.
 */
export async function checkApproval(handler: ApprovalHandler, call: ApprovalCheck): Promise<void> {
  const { moduleId, module, inputs, context } = call;
  const annotations = approvalAnnotations(module);
  if (annotations === null) return;
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

/**
 * The {@link ApprovalHandler} a call carries in `context.data[MCP_APPROVAL_KEY]`, or `null`
 * when it carries none (or something that is not a handler).
 */
export function readContextApprovalHandler(context: Context): ApprovalHandler | null {
  const candidate = context.data[MCP_APPROVAL_KEY];
  return isRecord(candidate) && typeof candidate.requestApproval === 'function'
    ? (candidate as unknown as ApprovalHandler)
    : null;
}

/** Marks executors that ask the approval handler a context carries (see below). */
export const CONTEXT_APPROVAL_MARKER = Symbol.for('apcore-mcp.context-approval');

/**
 * Whether `executor` asks the {@link ApprovalHandler} a call's context carries under
 * `data[MCP_APPROVAL_KEY]` before running a module annotated `requiresApproval` — after its ACL,
 * and for nested calls too. This runtime's `Executor` does (recognised by a `Symbol.for` marker,
 * so any copy of this package counts); a bridge must check approval itself for executors that
 * do not.
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
