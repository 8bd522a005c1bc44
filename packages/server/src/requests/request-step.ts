import type { CallStep } from '@apcore-mcp/core/bridge';
import type { McpRequest } from './mcp-request.js';

/**
 * What a request handler answers: the method's result (or, 2026-07-28, `input_required`).
 * Steps look at its shape only; a failed request throws its JSON-RPC error instead.
 *
 * @example
 * ```ts
 * const answer: RequestAnswer = { messages: [] };
 * ```
 */
export type RequestAnswer = object;

/**
 * One step around an MCP request (core's `CallStep`, the shape the tool pipeline's middlewares
 * have): it may look at the request, refuse it (by throwing its JSON-RPC error), or hand it to
 * `next` and look at the answer, or at what was thrown.
 *
 * @example
 * ```ts
 * const timed: RequestStep = async (request, next) => {
 *   const answer = await next();
 *   request.logger.debug({ ms: performance.now() - request.startedAt }, request.method);
 *   return answer;
 * };
 * ```
 */
export type RequestStep = CallStep<McpRequest, RequestAnswer>;

/**
 * One answered request as an observer (metrics) hears it: its method, a bounded name of its
 * target (`''` for a method without one), how it ended and how long it took.
 *
 * @example
 * ```ts
 * const answered: AnsweredRequest = { method: 'prompts/get', target: 'greet', outcome: 'ok', durationMs: 0.3 };
 * ```
 */
export interface AnsweredRequest {
  method: string;
  target: string;
  /** `ok`, `input_required`, an apcore error code, or the JSON-RPC error's name. */
  outcome: string;
  durationMs: number;
}

/**
 * Hears every answered request other than a tool call (the router tells its own observer of
 * those). Told synchronously: quick, and never throws.
 *
 * @example
 * ```ts
 * const observer: RequestObserver = { answeredRequest: ({ method, durationMs }) => record(method, durationMs) };
 * ```
 */
export interface RequestObserver {
  answeredRequest(request: AnsweredRequest): void;
}
