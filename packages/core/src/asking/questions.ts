import type { McpElicitResult } from '../mcp-context-keys.js';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  McpInputRequest,
  McpQuestion,
  Root,
} from './input-requests.js';
import { readInputResponse } from './input-responses.js';

/**
 * One question for {@link ask}: what to send the client, whether the module cannot do without
 * the answer, and how the client's answer becomes what the module gets (`null`: no answer).
 * Build one with {@link formQuestion}, {@link samplingQuestion} or {@link rootsQuestion}.
 *
 * @example
 * ```ts
 * const question: Question<Root[]> = rootsQuestion();
 * ```
 */
export interface Question<Answer> extends McpQuestion {
  readonly read: (response: unknown) => Answer | null;
}

/**
 * Whether the module cannot go on without the answer: `required: true` makes the call fail
 * (MCP 2026-07-28: the `-32021` protocol error, HTTP 400; 2025-11-25: a tool error result) when
 * the client did not declare the capability, instead of answering `null`.
 *
 * @example
 * ```ts
 * const options: QuestionOptions = { required: true };
 * ```
 */
export interface QuestionOptions {
  required?: boolean;
}

const EMPTY_FORM: Record<string, unknown> = { type: 'object', properties: {} };

/**
 * A form for the user (`elicitation/create`): `message` is shown, `requestedSchema` (a flat
 * object schema of primitive properties; an empty form when absent) describes the fields. The
 * answer is the accepted content (`{}` for an empty form), or `null` when the user declined or
 * cancelled.
 *
 * @example
 * ```ts
 * const { name } = await ask(context, {
 *   user_name: formQuestion('What is your name?', {
 *     type: 'object',
 *     properties: { name: { type: 'string' } },
 *     required: ['name'],
 *   }),
 * });
 * ```
 */
export function formQuestion(
  message: string,
  requestedSchema?: Record<string, unknown>,
  options: QuestionOptions = {},
): Question<Record<string, unknown>> {
  if (typeof message !== 'string') throw new TypeError('formQuestion(): message must be a string');
  return {
    request: {
      method: 'elicitation/create',
      params: { message, requestedSchema: requestedSchema ?? EMPTY_FORM },
    },
    required: options.required === true,
    read: (response) => {
      const answer = readInputResponse('elicitation/create', response) as McpElicitResult;
      if (answer?.action !== 'accept') return null;
      return answer.content ?? {};
    },
  };
}

/**
 * A request for the client's model (`sampling/createMessage`): the answer is the client's
 * `CreateMessageResult`. Sampling is deprecated by MCP 2026-07-28 (SEP-2577: call a model
 * provider directly); clients may drop it after 2027-07-28.
 *
 * @example
 * ```ts
 * const { greeting } = await ask(context, {
 *   greeting: samplingQuestion({
 *     messages: [{ role: 'user', content: { type: 'text', text: 'Write a greeting' } }],
 *     maxTokens: 50,
 *   }),
 * });
 * ```
 */
export function samplingQuestion(
  request: CreateMessageRequestParams,
  options: QuestionOptions = {},
): Question<CreateMessageResult> {
  if (typeof request !== 'object' || request === null || !Array.isArray(request.messages)) {
    throw new TypeError('samplingQuestion(): request must have a messages array');
  }
  return {
    request: { method: 'sampling/createMessage', params: { ...request } },
    required: options.required === true,
    read: (response) =>
      (readInputResponse('sampling/createMessage', response) as CreateMessageResult) ?? null,
  };
}

/**
 * A request for the client's roots (`roots/list`), the directories and files it lets the server
 * work in: the answer is the list. Roots are deprecated by MCP 2026-07-28 (SEP-2577: take paths
 * as tool arguments); clients may drop them after 2027-07-28.
 *
 * @example
 * ```ts
 * const { folders } = await ask(context, { folders: rootsQuestion() });
 * ```
 */
export function rootsQuestion(options: QuestionOptions = {}): Question<Root[]> {
  return {
    request: { method: 'roots/list' } satisfies McpInputRequest,
    required: options.required === true,
    read: (response) => {
      const answer = readInputResponse('roots/list', response) as { roots: Root[] } | undefined;
      return answer?.roots ?? null;
    },
  };
}

/**
 * Whether `value` is a question built by {@link formQuestion}, {@link samplingQuestion} or
 * {@link rootsQuestion}.
 *
 * @example
 * ```ts
 * isQuestion(rootsQuestion()); // true
 * ```
 */
export function isQuestion(value: unknown): value is Question<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { request, read } = value as Partial<Question<unknown>>;
  return typeof read === 'function' && typeof request?.method === 'string';
}
