import { readProperty } from '@apcore-mcp/core/bridge';

/**
 * The apcore contract's AI guidance on an error result: whether the same call may succeed if
 * made again, advice for the model, whether the user can fix the cause, and a next step. The
 * contract's key names (camelCase on the wire).
 *
 * @example
 * ```ts
 * const guidance: AiGuidance = { retryable: true, aiGuidance: 'Retry once after a short wait.' };
 * ```
 */
export interface AiGuidance {
  retryable: boolean;
  aiGuidance?: string;
  userFixable?: boolean;
  suggestion?: string;
}

/**
 * The `_meta` keys an error result carries its guidance under (beside `apcore/errorCode`).
 *
 * @example
 * ```ts
 * if (result._meta?.[AI_GUIDANCE_META_KEYS.retryable] === true) await retry();
 * ```
 */
export const AI_GUIDANCE_META_KEYS = Object.freeze({
  retryable: 'apcore/retryable',
  aiGuidance: 'apcore/aiGuidance',
  userFixable: 'apcore/userFixable',
  suggestion: 'apcore/suggestion',
} as const);

const DO_NOT_RETRY = 'Do not retry this call unchanged.';

/** The guidance of every code the mapper knows, for errors that carry none of their own. */
const GUIDANCE_BY_CODE: Readonly<Record<string, AiGuidance>> = Object.freeze({
  MODULE_NOT_FOUND: {
    retryable: false,
    userFixable: false,
    aiGuidance: 'This tool does not exist (any more). List the tools again and choose another.',
  },
  SCHEMA_VALIDATION_ERROR: {
    retryable: false,
    userFixable: false,
    aiGuidance:
      "The arguments do not match the tool's input schema. Fix each field listed above, then call again.",
  },
  GENERAL_INVALID_INPUT: {
    retryable: false,
    userFixable: false,
    aiGuidance: 'The input was refused. Correct it as the message says, then call again.',
  },
  ACL_DENIED: {
    retryable: false,
    userFixable: false,
    aiGuidance: `This caller may not use this tool. ${DO_NOT_RETRY} Tell the user it is not permitted.`,
  },
  MODULE_TIMEOUT: {
    retryable: true,
    userFixable: false,
    aiGuidance: 'The call took too long. Retry once, with a smaller request if you can.',
  },
  CALL_DEPTH_EXCEEDED: {
    retryable: false,
    userFixable: false,
    aiGuidance: `The call nested too deeply inside other calls. ${DO_NOT_RETRY}`,
  },
  CIRCULAR_CALL: {
    retryable: false,
    userFixable: false,
    aiGuidance: `The call would call itself again, in a cycle. ${DO_NOT_RETRY}`,
  },
  CALL_FREQUENCY_EXCEEDED: {
    retryable: true,
    userFixable: false,
    aiGuidance: 'The tool was called too often within one call chain. Retry later, less often.',
  },
  APPROVAL_DENIED: {
    retryable: false,
    userFixable: true,
    aiGuidance: `The user did not approve this call. ${DO_NOT_RETRY}`,
    suggestion: 'Ask the user whether they want to approve it, and why it was refused.',
  },
  APPROVAL_TIMEOUT: {
    retryable: true,
    userFixable: true,
    aiGuidance: 'Nobody answered the approval request in time. Retry when the user is present.',
  },
  EXECUTION_CANCELLED: {
    retryable: true,
    userFixable: false,
    aiGuidance: 'The call was cancelled before it finished. Retry if it is still wanted.',
  },
  CIRCUIT_BREAKER_OPEN: {
    retryable: true,
    userFixable: false,
    aiGuidance: 'Upstream circuit is open; retry after backoff.',
  },
  UPSTREAM_ERROR: {
    retryable: true,
    userFixable: false,
    aiGuidance: 'The service behind this tool failed. Retry after a short wait.',
  },
  INVALID_RESULT: {
    retryable: false,
    userFixable: false,
    aiGuidance: `The tool produced a result that cannot be sent. ${DO_NOT_RETRY}`,
  },
  INSPECTOR_READ_ONLY: {
    retryable: false,
    userFixable: true,
    aiGuidance: 'This server lets the inspector read its tools but not run them.',
    suggestion: 'Run the tool from an MCP client, or start the server with inspector execution on.',
  },
  INTERNAL_ERROR: {
    retryable: false,
    userFixable: false,
    aiGuidance: `The tool failed unexpectedly. ${DO_NOT_RETRY} Tell the user it failed.`,
  },
});

/** For a code of a module's own (`PAYMENT_DECLINED`) that says nothing about itself. */
const UNKNOWN_CODE_GUIDANCE: AiGuidance = Object.freeze({ retryable: false });

/**
 * The guidance of an error code: the contract's defaults for the codes the mapper knows
 * (`MODULE_TIMEOUT` is retryable, `ACL_DENIED` is not, ...), `{ retryable: false }` for others.
 *
 * @example
 * ```ts
 * guidanceForCode('MODULE_TIMEOUT').retryable; // true
 * ```
 */
export function guidanceForCode(code: string): AiGuidance {
  return { ...(GUIDANCE_BY_CODE[code] ?? UNKNOWN_CODE_GUIDANCE) };
}

function readText(error: unknown, camel: string, snake: string): string | undefined {
  const value = readProperty(error, camel) ?? readProperty(error, snake);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function readFlag(error: unknown, camel: string, snake: string): boolean | undefined {
  const value = readProperty(error, camel) ?? readProperty(error, snake);
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * The guidance an error carries itself (apcore's `retryable`, `ai_guidance` / `aiGuidance`,
 * `user_fixable` / `userFixable`, `suggestion` attributes), laid over its code's defaults.
 *
 * @example
 * ```ts
 * guidanceOf({ code: 'PAYMENT_DECLINED', userFixable: true }, 'PAYMENT_DECLINED');
 * // { retryable: false, userFixable: true }
 * ```
 */
export function guidanceOf(error: unknown, code: string): AiGuidance {
  const guidance = guidanceForCode(code);
  const retryable = readFlag(error, 'retryable', 'retryable');
  const aiGuidance = readText(error, 'aiGuidance', 'ai_guidance');
  const userFixable = readFlag(error, 'userFixable', 'user_fixable');
  const suggestion = readText(error, 'suggestion', 'suggestion');
  if (retryable !== undefined) guidance.retryable = retryable;
  if (aiGuidance !== undefined) guidance.aiGuidance = aiGuidance;
  if (userFixable !== undefined) guidance.userFixable = userFixable;
  if (suggestion !== undefined) guidance.suggestion = suggestion;
  return guidance;
}
