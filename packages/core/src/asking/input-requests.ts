/**
 * One piece of content of a sampling message or result (`{ type: 'text', text }`, an image, ...),
 * as MCP defines it; read `type` before anything else.
 *
 * @example
 * ```ts
 * const content: SamplingContent = { type: 'text', text: 'What is the capital of France?' };
 * ```
 */
export type SamplingContent = { type: string; [field: string]: unknown };

/**
 * One message of a sampling conversation (MCP's `SamplingMessage`).
 *
 * @example
 * ```ts
 * const message: SamplingMessage = { role: 'user', content: { type: 'text', text: 'Hello' } };
 * ```
 */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: SamplingContent | SamplingContent[];
  [field: string]: unknown;
}

/**
 * What a server asks the client's model (the params of MCP's `sampling/createMessage`): the
 * conversation and at most how many tokens to answer with, and optional preferences.
 *
 * @example
 * ```ts
 * const request: CreateMessageRequestParams = {
 *   messages: [{ role: 'user', content: { type: 'text', text: 'Summarise: ...' } }],
 *   maxTokens: 200,
 * };
 * ```
 */
export interface CreateMessageRequestParams {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * What the client's model answered (MCP's `CreateMessageResult`): the message, and the model
 * that wrote it.
 *
 * @example
 * ```ts
 * const result: CreateMessageResult = {
 *   role: 'assistant',
 *   content: { type: 'text', text: 'Paris.' },
 *   model: 'claude-sonnet',
 *   stopReason: 'endTurn',
 * };
 * ```
 */
export interface CreateMessageResult {
  role: 'user' | 'assistant';
  content: SamplingContent | SamplingContent[];
  model: string;
  stopReason?: string;
  [field: string]: unknown;
}

/**
 * A directory or file the client lets the server work in (MCP's `Root`): a `file://` URI and
 * an optional name.
 *
 * @example
 * ```ts
 * const root: Root = { uri: 'file:///home/ada/project', name: 'project' };
 * ```
 */
export interface Root {
  uri: string;
  name?: string;
  [field: string]: unknown;
}

/**
 * A request for the client, as MCP embeds it in an `input_required` result (2026-07-28) or
 * sends it (2025-11-25): an elicitation form, a sampling request, or a request for the roots.
 *
 * @example
 * ```ts
 * const request: McpInputRequest = { method: 'roots/list' };
 * ```
 */
export type McpInputRequest =
  | {
      method: 'elicitation/create';
      params: { message: string; requestedSchema: Record<string, unknown> };
    }
  | { method: 'sampling/createMessage'; params: CreateMessageRequestParams }
  | { method: 'roots/list' };

/**
 * One question a module asks through the server: the request, and whether the module cannot
 * do without its answer (`required`: the call fails when the client does not support it).
 *
 * @example
 * ```ts
 * const question: McpQuestion = { request: { method: 'roots/list' }, required: false };
 * ```
 */
export interface McpQuestion {
  readonly request: McpInputRequest;
  readonly required: boolean;
}

/**
 * Asks the client of the call it was made for every question at once, keyed as the module
 * named them (the MCP `inputRequests` keys), and resolves to the client's results by the same
 * keys: an `ElicitResult`, a `CreateMessageResult` or a `ListRootsResult` as the client sent
 * it (untrusted), or `null` for a question the client could not be asked. On MCP 2026-07-28 a
 * question without a recorded answer ends the attempt instead (see `endsCallAttempt`).
 *
 * @example
 * ```ts
 * const asker: McpAsker = async (questions) =>
 *   Object.fromEntries(Object.keys(questions).map((key) => [key, null]));
 * ```
 */
export type McpAsker = (
  questions: Readonly<Record<string, McpQuestion>>,
) => Promise<Record<string, unknown>>;

/**
 * The client capability a request needs: `elicitation`, `sampling` or `roots`.
 *
 * @example
 * ```ts
 * capabilityOf({ method: 'roots/list' }); // 'roots'
 * ```
 */
export function capabilityOf(request: McpInputRequest): 'elicitation' | 'sampling' | 'roots' {
  switch (request.method) {
    case 'elicitation/create':
      return 'elicitation';
    case 'sampling/createMessage':
      return 'sampling';
    default:
      return 'roots';
  }
}
