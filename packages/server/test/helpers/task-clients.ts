import { createInterface } from 'node:readline';
import { type StdioServerProcess, startStdioServer } from '@apcore-mcp/test-support/clients';
import { fixturePath, SERVER_ROOT } from './fixture-path.js';
import { modernEnvelope, postModern } from './modern-raw.js';

/** The tasks extension a client declares to take tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** A JSON-RPC error a request rejected with. */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * A 2026-07-28 client of the tasks extension, speaking JSON-RPC by hand: the 2.x SDK client has
 * no tasks runtime and refuses `resultType: "task"`, so this frames requests exactly as the
 * extension's spec and the 2.x client do (per-request `_meta` envelope; over HTTP the
 * `Mcp-Method`/`Mcp-Name` headers, the task id as `Mcp-Name` for `tasks/*`). Questions asked on
 * the call itself (`input_required`) are answered and retried as a client would.
 */
export interface TaskClient {
  /** Sends `method` with `params`; resolves to the result, rejects with the {@link RpcError}. */
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** `tools/call`: a plain result or a task; questions on the call are answered first. */
  call(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Polls `tasks/get` (bounded) until the task's status is one of `statuses`. */
  waitFor(taskId: string, statuses: readonly string[]): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Where a task client connects: a served URL (with headers), or a spawned stdio child. */
export type TaskTarget =
  | { transport: 'http'; url: string; headers?: Record<string, string> }
  | { transport: 'stdio' };

type Send = (
  method: string,
  params: Record<string, unknown>,
) => Promise<{
  result?: Record<string, unknown>;
  error?: RpcError;
}>;

/**
 * Connects a client that answers questions with `answer` (accepting it; declining without one)
 * and, with `tasks`, declares the tasks extension.
 */
export async function connectTaskClient(
  target: TaskTarget,
  options: { tasks: boolean; answer?: Record<string, unknown> },
): Promise<TaskClient> {
  const capabilities = {
    elicitation: { form: {} },
    ...(options.tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
  };
  const { send, close } =
    target.transport === 'stdio'
      ? stdioSender(capabilities)
      : httpSender(target.url, target.headers ?? {}, capabilities);
  const request = async (method: string, params: Record<string, unknown>) => {
    const { result, error } = await send(method, params);
    if (error !== undefined) throw error;
    return result ?? {};
  };
  const answerAll = (requests: Record<string, unknown>) =>
    Object.fromEntries(
      Object.keys(requests).map((key) => [
        key,
        options.answer === undefined
          ? { action: 'decline' }
          : { action: 'accept', content: options.answer },
      ]),
    );
  return {
    request,
    async call(name, args = {}) {
      let params: Record<string, unknown> = { name, arguments: args };
      for (let round = 0; round < 5; round += 1) {
        const result = await request('tools/call', params);
        if (result.resultType !== 'input_required') return result;
        params = {
          name,
          arguments: args,
          inputResponses: answerAll((result.inputRequests ?? {}) as Record<string, unknown>),
          ...(result.requestState === undefined ? {} : { requestState: result.requestState }),
        };
      }
      throw new Error(`${name} kept asking`);
    },
    async waitFor(taskId, statuses) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const task = await request('tasks/get', { taskId });
        if (statuses.includes(task.status as string)) return task;
        if (Date.now() > deadline) {
          throw new Error(`task ${taskId} still ${String(task.status)}, not ${statuses.join('/')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close,
  };
}

function httpSender(
  url: string,
  headers: Record<string, string>,
  capabilities: Record<string, unknown>,
): { send: Send; close: () => Promise<void> } {
  return {
    send: async (method, params) => {
      // postModern names the task in `Mcp-Name` itself, as it names a tool.
      const { body } = await postModern(url, method, params, { capabilities, headers });
      return body as { result?: Record<string, unknown>; error?: RpcError };
    },
    close: async () => {},
  };
}

function stdioSender(capabilities: Record<string, unknown>): {
  send: Send;
  close: () => Promise<void>;
} {
  const child: StdioServerProcess = startStdioServer({
    transport: 'stdio',
    command: process.execPath,
    args: [fixturePath('tasks-server.mjs')],
    cwd: SERVER_ROOT,
    stderr: 'ignore',
  });
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  createInterface({ input: child.output }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number } & Record<string, unknown>;
    if (typeof message.id === 'number') waiting.get(message.id)?.(message);
  });
  let nextId = 1;
  return {
    send: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, (message) => {
          waiting.delete(id);
          resolve(message as { result?: Record<string, unknown>; error?: RpcError });
        });
        const envelope = modernEnvelope(undefined, true, capabilities);
        child.input.write(
          `${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } })}\n`,
        );
      }),
    close: () => child.stop(),
  };
}
