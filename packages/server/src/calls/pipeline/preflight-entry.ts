import { REQUIRES_APPROVAL_META_KEY } from '@apcore-mcp/annotations';
import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { PREFLIGHT_META_KEY } from '../../kernel/call-extra.js';
import type { Logger } from '../../kernel/logger.js';
import { readErrorCode, type ToolCallResult } from '../../kernel/tool-call-result.js';
import { readAccessCheck } from '../../tools/tool-visibility.js';
import type { CallAnswer } from '../call-observer.js';
import { InputValidator } from '../input-validator.js';
import type { CheckedMiddleware } from './call-middleware.js';

/** What a dry run found: each check, and whether the call would run. */
export type PreflightReport = {
  /** The call would run (bar the user's answer when approval is required). */
  valid: boolean;
  moduleId: string;
  input: { ok: boolean; errors: string[] };
  /** The executor's ACL; `checked: false` when the executor has no access check to ask. */
  acl: { ok: boolean; checked: boolean };
  /** Whether the call would ask the user's approval before it runs. */
  approval: { required: boolean };
  /** The rate limits and budgets, counting nothing; the refusal's code and text if any. */
  limits: { ok: boolean; code?: string; message?: string };
};

/** What the steps after the limits answer a dry run that got past them. */
const PASSED_LIMITS: ToolCallResult = { content: [] };

/**
 * The dry run of a call (`_meta["apcore/preflight"]: true`): checks its input against the
 * tool's schema, asks the executor's ACL, tells whether approval would be asked, and lets the
 * limits step (next) check without counting; {@link stopPreflight} then ends it before the
 * task, rounds or module. Answered with a {@link PreflightReport}; nothing runs. Other calls
 * pass untouched.
 *
 * @example
 * ```ts
 * const checked = [createPreflightEntry({ executor, logger }), admit, stopPreflight, task];
 * ```
 */
export function createPreflightEntry(options: {
  executor: ExecutorLike;
  logger: Logger;
}): CheckedMiddleware {
  const validator = new InputValidator({ logger: options.logger });
  const access = readAccessCheck(options.executor);
  return async (call, next) => {
    if (call.extra.preflight !== true) return next();
    const { served } = call;
    const failures = validator.validate(served.tool, call.arguments) ?? [];
    const input = {
      ok: failures.length === 0,
      errors: failures.map((failure) => {
        const where = failure.field ?? failure.path;
        return where === undefined || where === ''
          ? failure.message
          : `${where}: ${failure.message}`;
      }),
    };
    const acl = {
      ok: access === undefined || access.canCall(served.moduleId, call.identity ?? null),
      checked: access !== undefined,
    };
    const approval = { required: served.tool._meta?.[REQUIRES_APPROVAL_META_KEY] === true };
    const limits = limitsOf(await next());
    const report: PreflightReport = {
      valid: input.ok && acl.ok && limits.ok,
      moduleId: served.moduleId,
      input,
      acl,
      approval,
      limits,
    };
    return {
      content: [{ type: 'text', text: JSON.stringify(report) }],
      structuredContent: report,
      _meta: { [PREFLIGHT_META_KEY]: true },
    };
  };
}

/**
 * Ends a dry run once the limits let it past (see {@link createPreflightEntry}); other calls
 * go on.
 *
 * @example
 * ```ts
 * const checked = [preflight, admit, stopPreflight, task];
 * ```
 */
export const stopPreflight: CheckedMiddleware = (call, next) =>
  call.extra.preflight === true ? Promise.resolve(PASSED_LIMITS) : next();

function limitsOf(answer: CallAnswer): PreflightReport['limits'] {
  if (answer === PASSED_LIMITS) return { ok: true };
  const result = answer as ToolCallResult;
  const code = readErrorCode(result);
  const first = result.content?.[0];
  return {
    ok: false,
    ...(code === undefined ? {} : { code }),
    ...(first?.type === 'text' ? { message: first.text } : {}),
  };
}
