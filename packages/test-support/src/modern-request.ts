/** The tasks extension a 2026-07-28 client lists among its capabilities to take MCP tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The revision requests claim unless told otherwise. */
const MODERN_REVISION = '2026-07-28';

/**
 * A JSON-RPC answer as it came: its result, or its error.
 *
 * @example
 * ```ts
 * const { result, error }: RpcAnswer = (await postModernRequest(url, 'tools/list', {})).body;
 * ```
 */
export interface RpcAnswer {
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * How {@link postModernRequest} frames one request.
 *
 * @example
 * ```ts
 * const options: ModernRequestOptions = { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } };
 * ```
 */
export interface ModernRequestOptions {
  /** The client capabilities of the envelope; default none. */
  capabilities?: Record<string, unknown>;
  /** The revision claimed in the envelope and the `Mcp-Protocol-Version` header. */
  protocolVersion?: string;
  /** More headers (an `Mcp-Param-*` one, a subject), or ones to replace. */
  headers?: Record<string, string>;
  /** The `fetch` to send with (one resolving a public name, say). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** The `clientInfo.name` of the envelope; default `raw`. */
  clientName?: string;
}

let nextId = 1;

/**
 * Sends one 2026-07-28 request over Streamable HTTP, framed as the SDK's 2.x client frames it:
 * the per-request `_meta` envelope (revision, client info, capabilities) and the `Mcp-Method`
 * / `Mcp-Name` headers (the tool's or prompt's name, or the task id of `tasks/*`). For what the
 * SDK clients cannot send: tasks (the 2.x client refuses `resultType: "task"`), forged or
 * replayed states, bad headers. Resolves to the HTTP status and the JSON-RPC answer.
 *
 * @example
 * ```ts
 * const { body } = await postModernRequest(url, 'tasks/get', { taskId }, { capabilities });
 * ```
 */
export async function postModernRequest(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: ModernRequestOptions = {},
): Promise<{ status: number; body: RpcAnswer }> {
  const { response } = await sendModernRequest(url, method, params, options);
  return { status: response.status, body: parseRpcAnswer(await response.text()) };
}

/**
 * What {@link postModernRequest} sends, resolving to the request's id and the response with its
 * body unread: for an answer read as it streams (`events/stream`).
 *
 * @example
 * ```ts
 * const { id, response } = await sendModernRequest(url, 'events/stream', { name, cursor: null });
 * ```
 */
export async function sendModernRequest(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: ModernRequestOptions = {},
): Promise<{ id: number; response: Response }> {
  const protocolVersion = options.protocolVersion ?? MODERN_REVISION;
  const name = params.taskId ?? params.name;
  const id = nextId++;
  const response = await (options.fetch ?? fetch)(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': protocolVersion,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...options.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': protocolVersion,
          'io.modelcontextprotocol/clientInfo': {
            name: options.clientName ?? 'raw',
            version: '1.0.0',
          },
          'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {},
        },
      },
    }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { id, response };
}

/**
 * A JSON body, or the last JSON `data:` message of an event-stream body.
 *
 * @throws {Error} when there is no JSON-RPC message in it.
 * @example
 * ```ts
 * parseRpcAnswer('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
 * ```
 */
export function parseRpcAnswer(text: string): RpcAnswer {
  if (text.trimStart().startsWith('{')) return JSON.parse(text) as RpcAnswer;
  const last = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim())
    .filter((data) => data.startsWith('{'))
    .at(-1);
  if (last === undefined) throw new Error(`No JSON-RPC message in: ${text.slice(0, 200)}`);
  return JSON.parse(last) as RpcAnswer;
}
