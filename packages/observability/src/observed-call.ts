/**
 * What the metrics read of a call's answer: whether it failed, the apcore error code in its
 * `_meta`, and (2026-07-28) whether it is a question (`resultType: 'input_required'`). A server's
 * tool results and `input_required` answers both fit it.
 *
 * @example
 * ```ts
 * const answer: ObservedAnswer = { isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED' } };
 * ```
 */
export interface ObservedAnswer {
  /** The rest of the answer (its content...), never read here. */
  [key: string]: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  resultType?: string;
}

/**
 * One answered call as the metrics hear it. `tool` is a served tool's name, or `undefined` when
 * the client named no served tool: a client-chosen string never becomes a label value.
 *
 * @example
 * ```ts
 * const call: ObservedCall = { tool: 'math-add', answer: { content: [] }, durationMs: 0.4 };
 * ```
 */
export interface ObservedCall {
  tool: string | undefined;
  /** The result, or (2026-07-28) the question the call ended with. */
  answer: ObservedAnswer;
  /** From the server taking the call to its answer. */
  durationMs: number;
}

/**
 * One answered MCP request other than a tool call (`resources/read`, `prompts/get`,
 * `completion/complete`, a list method...) as the metrics hear it. `target` is a bounded name
 * (the served prompt, the resource template or URI, `_unknown`; `''` for a method naming
 * nothing) and `outcome` a bounded one (`ok`, `input_required`, an apcore code, a JSON-RPC
 * error's name): the server never passes a client's string here.
 *
 * @example
 * ```ts
 * const request: ObservedRequest = { method: 'prompts/get', target: 'greet', outcome: 'ok', durationMs: 0.3 };
 * ```
 */
export interface ObservedRequest {
  method: string;
  target: string;
  outcome: string;
  durationMs: number;
}

/**
 * One approval decision, and who made it (the `approval` policy, the user, a handler).
 *
 * @example
 * ```ts
 * const decision: ObservedApproval = { approved: false, how: 'policy' };
 * ```
 */
export interface ObservedApproval {
  approved: boolean;
  how: string;
}

/** The `_meta` key of a failed result's apcore error code (`@apcore-mcp/errors` writes it). */
const ERROR_CODE_META_KEY = 'apcore/errorCode';

/**
 * The apcore error code of a failed answer; `undefined` for a success or a failure without one.
 *
 * @example
 * ```ts
 * readErrorCode({ isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED' } }); // 'ACL_DENIED'
 * ```
 */
export function readErrorCode(answer: ObservedAnswer): string | undefined {
  if (answer.isError !== true) return undefined;
  const code = answer._meta?.[ERROR_CODE_META_KEY];
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the answer is a 2026-07-28 question: the call ended its attempt, the client retries.
 *
 * @example
 * ```ts
 * isInputRequired({ resultType: 'input_required' }); // true
 * ```
 */
export function isInputRequired(answer: object): boolean {
  return (answer as ObservedAnswer).resultType === 'input_required';
}
