import { postModernRequest, type RpcAnswer, TASKS_EXTENSION } from '@apcore-mcp/test-support';
import { vi } from 'vitest';

/** A JSON-RPC answer: its result, or its error. */
export type { RpcAnswer };

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
  const capabilities = { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } };
  const { body } = await postModernRequest(url, method, params, {
    capabilities,
    fetch: send,
    clientName: 'raw-tasks',
  });
  return body;
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

/**
 * The JSON a completed task's tool result carries as its text.
 *
 * @example
 * ```ts
 * expect(answerOfTask(await pollTask(url, taskId, isDone))).toMatchObject({ confirmed: true });
 * ```
 */
export function answerOfTask(task: Record<string, unknown>): unknown {
  const result = task.result as { content?: { type: string; text?: string }[] } | undefined;
  return JSON.parse(result?.content?.[0]?.text ?? 'null');
}
