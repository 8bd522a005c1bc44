import { ApprovalDeniedError, type ModuleAnnotations } from '@apcore-mcp/core';
import {
  type ApprovalHandler,
  clientChannelOf,
  fillAnnotations,
  isRecord,
  type ModuleLike,
  readAnnotationFlag,
} from '@apcore-mcp/core/bridge';
import type { Context } from './context.js';

/** The call an approval is checked for. */
export interface ApprovalCheck {
  moduleId: string;
  module: ModuleLike;
  inputs: unknown;
  context: Context;
}

/**
 * A module's filled annotations when its call needs approval (its annotations say so, either
 * spelling, or `required`: an ACL rule does), else `null`.
 */
function approvalAnnotations(module: ModuleLike, required: boolean): ModuleAnnotations | null {
  if (readAnnotationFlag(module.annotations, 'requiresApproval')) {
    return fillAnnotations(module.annotations);
  }
  return required ? { ...fillAnnotations(module.annotations), requiresApproval: true } : null;
}

/** Whether a module is annotated as requiring approval (either spelling of the key). */
export function requiresApproval(module: ModuleLike): boolean {
  return readAnnotationFlag(module.annotations, 'requiresApproval');
}

/**
 * Asks `handler` about a module annotated `requiresApproval`, or any call when `required` (an
 * ACL rule with `approval: required` allowed it); others pass unasked.
 *
 * @throws {ApprovalDeniedError} the handler did not answer `approved`.
 */
export async function checkApproval(
  handler: ApprovalHandler,
  call: ApprovalCheck,
  required = false,
): Promise<void> {
  const { moduleId, module, inputs, context } = call;
  const annotations = approvalAnnotations(module, required);
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
 * The {@link ApprovalHandler} a call's client channel carries (`clientChannelOf(context)`), or
 * `null` when it carries none (or something that is not a handler).
 */
export function readContextApprovalHandler(context: Context): ApprovalHandler | null {
  return clientChannelOf(context)?.approval ?? null;
}
