import { clientChannelOf } from '../channel/client-channel-of.js';
import { ClientCapabilityRequiredError } from '../errors/client-capability-required-error.js';
import { endsCallAttempt, type McpElicitSender } from '../mcp-context-keys.js';
import {
  type CreateMessageRequestParams,
  type CreateMessageResult,
  capabilityOf,
  type McpAsker,
  type McpQuestion,
  type Root,
} from './input-requests.js';
import {
  isQuestion,
  type Question,
  type QuestionOptions,
  rootsQuestion,
  samplingQuestion,
} from './questions.js';

/** Any context: our `Context`, apcore-js's, or none at all. */
type AnyContext = { readonly data?: unknown } | null | undefined;

/**
 * What {@link ask} resolves to: one answer per question, under the question's key (`null`: no
 * answer).
 *
 * @example
 * ```ts
 * type Both = Answers<{ name: Question<Record<string, unknown>>; roots: Question<Root[]> }>;
 * ```
 */
export type Answers<Questions extends Record<string, Question<unknown>>> = {
  [Key in keyof Questions]: Questions[Key] extends Question<infer Answer> ? Answer | null : never;
};

/**
 * Options of {@link elicit}, {@link sample} and {@link listRoots}: `key` names the input the
 * module asks for (the MCP 2026-07-28 `inputRequests` key, such as `user_name`; default
 * `elicitation`, `sampling`, `roots`), and `required` makes the call fail without it.
 *
 * @example
 * ```ts
 * const options: AskOptions = { key: 'user_name', required: true };
 * ```
 */
export interface AskOptions extends QuestionOptions {
  key?: string;
}

/**
 * Asks the MCP client several questions at once, each under the key the module names it by, and
 * resolves to all the answers together, by the same keys. A question the client did not declare
 * support for is not asked: its answer is `null`, unless it is `required` (the call then fails:
 * MCP 2026-07-28 answers the `-32021` protocol error, 2025-11-25 a tool error result). Outside
 * an MCP call (a plain `executor.call()`) every answer is `null`, or a required one throws
 * {@link ClientCapabilityRequiredError}.
 *
 * On 2025-11-25 the requests go to the client together. On 2026-07-28 the server cannot ask
 * mid-call: the questions without a recorded answer end the attempt together (one
 * `input_required` round, with the keys as `inputRequests` keys), and the module runs again from
 * the start once the client answers; each question then gets its recorded answer. So the code
 * before an `ask()` may run more than once: keep it free of side effects. A module that catches
 * errors around `ask()` must rethrow what {@link endsCallAttempt} recognises.
 *
 * @example
 * ```ts
 * const { name, greeting, roots } = await ask(context, {
 *   name: formQuestion('What is your name?', {
 *     type: 'object',
 *     properties: { name: { type: 'string' } },
 *     required: ['name'],
 *   }),
 *   greeting: samplingQuestion({
 *     messages: [{ role: 'user', content: { type: 'text', text: 'Write a greeting' } }],
 *     maxTokens: 50,
 *   }),
 *   roots: rootsQuestion(),
 * });
 * ```
 */
export async function ask<Questions extends Record<string, Question<unknown>>>(
  context: AnyContext,
  questions: Questions,
): Promise<Answers<Questions>> {
  const entries = readQuestions(questions);
  const required = entries.filter(([, question]) => question.required);
  const answerAll = (responses: Record<string, unknown>) =>
    Object.fromEntries(
      entries.map(([key, question]) => [key, question.read(responses[key])]),
    ) as Answers<Questions>;
  if (entries.length === 0) return answerAll({});
  const asker = findAsker(context);
  if (asker === undefined) {
    if (required.length > 0) throw missing(required.map(([, question]) => question));
    return answerAll({});
  }
  const wire = Object.fromEntries(
    entries.map(([key, { request, required }]): [string, McpQuestion] => [
      key,
      { request, required },
    ]),
  );
  try {
    return answerAll((await asker(wire)) ?? {});
  } catch (error) {
    // A required answer that cannot be had ends the module; anything else is just no answer
    // (the server logs why).
    if (endsCallAttempt(error) || required.length > 0) throw error;
    return answerAll({});
  }
}

/**
 * Asks the MCP client's model for a completion (`sampling/createMessage`) and resolves to the
 * client's `CreateMessageResult`, or `null` when the client does not support sampling, the
 * request failed, or there is no MCP call. `options.key` names the input (default `sampling`);
 * `required: true` fails the call when the client cannot sample. Sampling is deprecated by MCP
 * 2026-07-28 (SEP-2577); a module that needs a model should call one directly.
 *
 * @example
 * ```ts
 * const result = await sample(context, {
 *   messages: [{ role: 'user', content: { type: 'text', text: inputs.prompt } }],
 *   maxTokens: 100,
 * });
 * const text = !Array.isArray(result?.content) && result?.content.type === 'text' ? result.content.text : '';
 * ```
 */
export async function sample(
  context: AnyContext,
  request: CreateMessageRequestParams,
  options: AskOptions = {},
): Promise<CreateMessageResult | null> {
  const key = readKey(options, 'sampling');
  const answers = await ask(context, { [key]: samplingQuestion(request, options) });
  return answers[key] ?? null;
}

/**
 * Asks the MCP client for its roots (`roots/list`): the directories and files it lets the
 * server work in, or `null` when the client does not support roots, the request failed, or
 * there is no MCP call. `options.key` names the input (default `roots`); `required: true` fails
 * the call when the client has no roots. Roots are deprecated by MCP 2026-07-28 (SEP-2577).
 *
 * @example
 * ```ts
 * const roots = await listRoots(context);
 * return { folders: (roots ?? []).map((root) => root.uri) };
 * ```
 */
export async function listRoots(
  context: AnyContext,
  options: AskOptions = {},
): Promise<Root[] | null> {
  const key = readKey(options, 'roots');
  const answers = await ask(context, { [key]: rootsQuestion(options) });
  return answers[key] ?? null;
}

function readQuestions(questions: unknown): [string, Question<unknown>][] {
  if (typeof questions !== 'object' || questions === null || Array.isArray(questions)) {
    throw new TypeError('ask(): questions must be an object of questions by key');
  }
  const entries = Object.entries(questions);
  for (const [key, question] of entries) {
    if (key === '') throw new TypeError('ask(): a question key must not be empty');
    if (!isQuestion(question)) {
      throw new TypeError(
        `ask(): "${key}" is not a question; build it with formQuestion(), samplingQuestion() or rootsQuestion()`,
      );
    }
  }
  return entries as [string, Question<unknown>][];
}

/**
 * The key a single question goes by: `options.key`, or `fallback`.
 *
 * @example
 * ```ts
 * readKey({ key: 'user_name' }, 'elicitation'); // 'user_name'
 * ```
 */
export function readKey(options: AskOptions, fallback: string): string {
  const { key } = options;
  if (key === undefined) return fallback;
  if (typeof key !== 'string' || key === '') {
    throw new TypeError('options.key must be a non-empty string');
  }
  return key;
}

function findAsker(context: AnyContext): McpAsker | undefined {
  const channel = clientChannelOf(context);
  if (channel?.ask !== undefined) return channel.ask;
  // A host that hands modules only an elicitation sender still answers forms.
  return channel?.elicit === undefined ? undefined : askThroughElicit(channel.elicit);
}

function askThroughElicit(send: McpElicitSender): McpAsker {
  return async (questions) => {
    const responses: Record<string, unknown> = {};
    for (const [key, { request, required }] of Object.entries(questions)) {
      if (request.method === 'elicitation/create') {
        responses[key] = await send(request.params.message, request.params.requestedSchema);
      } else if (required) {
        throw missing([{ request }]);
      }
    }
    return responses;
  };
}

function missing(
  questions: readonly Pick<McpQuestion, 'request'>[],
): ClientCapabilityRequiredError {
  const capabilities = new Set(questions.map((question) => capabilityOf(question.request)));
  return new ClientCapabilityRequiredError({ capabilities: [...capabilities] });
}
