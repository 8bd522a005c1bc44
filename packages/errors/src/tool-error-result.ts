import { AI_GUIDANCE_META_KEYS, type AiGuidance } from './ai-guidance.js';

/**
 * One text block of a tool result, spelled as the MCP SDK's `TextContent`.
 *
 * @example
 * ```ts
 * const block: TextContent = { type: 'text', text: 'Access denied' };
 * ```
 */
export type TextContent = {
  type: 'text';
  text: string;
};

/**
 * An MCP tool error result. Structurally a `CallToolResult` of `@modelcontextprotocol/sdk`,
 * declared here so this package needs no SDK at run time. (A type alias, not an interface, so
 * it stays assignable to the SDK's open, index-signed result type.)
 *
 * @example
 * ```ts
 * const result: ToolErrorResult = {
 *   content: [{ type: 'text', text: 'Access denied' }],
 *   isError: true,
 *   _meta: { 'apcore/errorCode': 'ACL_DENIED' },
 * };
 * ```
 */
export type ToolErrorResult = {
  content: TextContent[];
  isError: true;
  _meta?: Record<string, unknown>;
};

/**
 * The `_meta` key under which every error result carries its machine-readable error code.
 *
 * @example
 * ```ts
 * if (result.isError && result._meta?.[ERROR_CODE_META_KEY] === 'ACL_DENIED') { ... }
 * ```
 */
export const ERROR_CODE_META_KEY = 'apcore/errorCode';

/**
 * The code reported for failures that are not apcore module errors.
 *
 * @example
 * ```ts
 * mapper.toMcpError(new Error('boom'))._meta; // { 'apcore/errorCode': INTERNAL_ERROR_CODE }
 * ```
 */
export const INTERNAL_ERROR_CODE = 'INTERNAL_ERROR';

/**
 * The only text a client ever sees for an unexpected failure.
 *
 * @example
 * ```ts
 * mapper.toMcpError(new TypeError('x is undefined')).content[0].text === INTERNAL_ERROR_MESSAGE;
 * ```
 */
export const INTERNAL_ERROR_MESSAGE = 'Internal error occurred';

/**
 * Adds AI guidance to an error result, where the apcore contract puts it: under
 * `AI_GUIDANCE_META_KEYS` in `_meta` (`apcore/retryable`, `apcore/aiGuidance`, ...) for programs,
 * and as a JSON appendix for the model, a second text block with the contract's keys
 * (`{"retryable":false,"aiGuidance":"..."}`), since clients pass the text, not `_meta`, to models.
 *
 * @example
 * ```ts
 * withAiGuidance(createToolErrorResult('Module timed out', 'MODULE_TIMEOUT'), { retryable: true });
 * ```
 */
export function withAiGuidance(result: ToolErrorResult, guidance: AiGuidance): ToolErrorResult {
  const meta: Record<string, unknown> = { ...result._meta };
  const appendix: Record<string, unknown> = {};
  for (const key of ['retryable', 'aiGuidance', 'userFixable', 'suggestion'] as const) {
    const value = guidance[key];
    if (value === undefined) continue;
    meta[AI_GUIDANCE_META_KEYS[key]] = value;
    appendix[key] = value;
  }
  return {
    content: [...result.content, { type: 'text', text: JSON.stringify(appendix) }],
    isError: true,
    _meta: meta,
  };
}

/**
 * Builds an error result from a text and its error code.
 *
 * @example
 * ```ts
 * createToolErrorResult('Access denied', 'ACL_DENIED');
 * ```
 */
export function createToolErrorResult(text: string, code: string): ToolErrorResult {
  return {
    content: [{ type: 'text', text }],
    isError: true,
    _meta: { [ERROR_CODE_META_KEY]: code },
  };
}
