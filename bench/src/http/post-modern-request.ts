/** The protocol revision of the tasks extension: requests stand alone, with no session. */
const MODERN_REVISION = '2026-07-28';

/** The tasks extension a client lists among its capabilities to take tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** How {@link postModernRequest} frames one request. */
export interface ModernRequestOptions {
  /** Declare the tasks extension in the request's capabilities. */
  tasks: boolean;
  /** Abort the request after this many milliseconds. */
  timeoutMs: number;
}

let nextId = 1;

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A JSON body, or the last JSON `data:` message of an event-stream body. */
function parseAnswer(text: string): RpcAnswer {
  if (text.trimStart().startsWith('{')) return JSON.parse(text) as RpcAnswer;
  const last = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim())
    .findLast((data) => data.startsWith('{'));
  if (last === undefined) throw new Error(`no JSON-RPC message in: ${text.slice(0, 200)}`);
  return JSON.parse(last) as RpcAnswer;
}

/**
 * Sends one 2026-07-28 request over Streamable HTTP as the SDK's 2.x client frames it — the
 * per-request `_meta` envelope (revision, client info, capabilities) and the `Mcp-Method` /
 * `Mcp-Name` headers (the tool's name, or the task id for `tasks/*`) — and resolves to its
 * result. Written out by hand because the 2.x client has no tasks runtime: it refuses a
 * `resultType: "task"` answer. Plain calls go through the same function, so that both kinds
 * of load pay for the same client.
 *
 * @throws {Error} when the server answers a JSON-RPC error (or no answer at all).
 * @example
 * ```ts
 * const created = await postModernRequest(url, 'tools/call', { name, arguments: {} }, { tasks: true, timeoutMs: 5_000 });
 * const task = await postModernRequest(url, 'tasks/get', { taskId: created.taskId }, { tasks: true, timeoutMs: 5_000 });
 * ```
 */
export async function postModernRequest(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: ModernRequestOptions,
): Promise<Record<string, unknown>> {
  const name = params.taskId ?? params.name;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
          'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': options.tasks
            ? { extensions: { [TASKS_EXTENSION]: {} } }
            : {},
        },
      },
    }),
    // A whole number: the timer refuses fractions, and deadlines come from `performance.now()`.
    signal: AbortSignal.timeout(Math.ceil(options.timeoutMs)),
  });
  const answer = parseAnswer(await response.text());
  if (answer.error !== undefined) {
    throw new Error(`${method} answered ${answer.error.code} ${answer.error.message}`);
  }
  if (answer.result === undefined) throw new Error(`HTTP ${response.status} without a result`);
  return answer.result;
}
