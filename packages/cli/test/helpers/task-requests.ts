import { vi } from 'vitest';

/** The tasks extension a client declares to take tasks (2026-07-28). */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** A JSON-RPC answer: its result, or its error. */
export interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

let nextId = 1;

/**
 * Sends one request as a 2026-07-28 client of the tasks extension frames it, by hand: the 2.x
 * SDK client has no helper for `tasks/*` and takes no `resultType: "task"`. The envelope
 * declares elicitation and the extension; `Mcp-Name` names the tool, or the task.
 *
 * @example
 * ```ts
 * const { result } = await requestTasks(url, 'tools/call', { name: 'jobs-confirm', arguments: {} });
 * ```
 */
export async function requestTasks(
  url: string,
  method: string,
  params: Record<string, unknown>,
  send: typeof fetch = fetch,
): Promise<RpcAnswer> {
  const name = params.name ?? params.taskId;
  const response = await send(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
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
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw-tasks', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {
            elicitation: { form: {} },
            extensions: { [TASKS_EXTENSION]: {} },
          },
        },
      },
    }),
  });
  return lastMessage(await response.text());
}

/** A JSON body, or the last JSON-RPC message of an SSE body. */
function lastMessage(text: string): RpcAnswer {
  if (text.trimStart().startsWith('{')) return JSON.parse(text) as RpcAnswer;
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim())
    .filter((line) => line.startsWith('{'))
    .at(-1);
  if (data === undefined) throw new Error(`No JSON-RPC message in: ${text.slice(0, 200)}`);
  return JSON.parse(data) as RpcAnswer;
}

/**
 * Calls a tool on `url`, expecting it to become a task; resolves to the task's id.
 *
 * @example
 * ```ts
 * const taskId = await startTask(url, 'jobs-confirm');
 * ```
 */
export async function startTask(
  url: string,
  tool: string,
  send: typeof fetch = fetch,
): Promise<string> {
  const { result, error } = await requestTasks(
    url,
    'tools/call',
    { name: tool, arguments: {} },
    send,
  );
  if (result?.resultType !== 'task' || typeof result.taskId !== 'string') {
    throw new Error(`${tool} did not become a task: ${JSON.stringify(result ?? error)}`);
  }
  return result.taskId;
}

/**
 * Polls `tasks/get` on `url` (bounded) until the task satisfies `check`; resolves to the task.
 *
 * @example
 * ```ts
 * const task = await pollTask(url, taskId, (task) => task.status === 'completed');
 * ```
 */
export function pollTask(
  url: string,
  taskId: string,
  check: (task: Record<string, unknown>) => boolean,
  timeoutMs = 30_000,
  send: typeof fetch = fetch,
): Promise<Record<string, unknown>> {
  return vi.waitFor(
    async () => {
      const { result, error } = await requestTasks(url, 'tasks/get', { taskId }, send);
      if (result === undefined || !check(result)) {
        throw new Error(`task ${taskId} is not there yet: ${JSON.stringify(result ?? error)}`);
      }
      return result;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
