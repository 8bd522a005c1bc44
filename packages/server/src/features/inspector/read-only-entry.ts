import { ErrorCodes } from '@apcore-mcp/core';
import type { ModuleErrorLike } from '@apcore-mcp/core/bridge';
import type { CallMiddleware } from '../../calls/pipeline/call-middleware.js';
import { isReadOnlyInspectorCall } from './inspector-page-request.js';

/**
 * With the inspector on and `allowExecute` off: refuses every call the inspector page sends
 * (`INSPECTOR_READ_ONLY`) before validation, approval, limits or the module. The page hides its
 * Run button too, but the refusal is the server's, so a page left open cannot run a destructive
 * module by accident. Calls from any other client pass untouched.
 *
 * @example
 * ```ts
 * const entries = { guard: resolved.inspector?.allowExecute === false ? refuseReadOnlyInspector : undefined };
 * ```
 */
export const refuseReadOnlyInspector: CallMiddleware = (call, next) => {
  // A dry run (the page's Check button) runs nothing: it is let through.
  if (!isReadOnlyInspectorCall(call.extra) || call.extra.preflight === true) return next();
  const refusal: ModuleErrorLike = {
    code: ErrorCodes.INSPECTOR_READ_ONLY,
    message: 'the inspector may not call tools on this server',
  };
  throw refusal;
};
