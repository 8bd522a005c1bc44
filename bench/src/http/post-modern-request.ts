import { postModernRequest as postRequest, TASKS_EXTENSION } from '@apcore-mcp/test-support';

/** How {@link postModernRequest} frames one request. */
export interface ModernRequestOptions {
  /** Declare the tasks extension in the request's capabilities. */
  tasks: boolean;
  /** Abort the request after this many milliseconds. */
  timeoutMs: number;
}

/**
 * Sends one 2026-07-28 request as the SDK's 2.x client frames it (test-support's
 * `postModernRequest`: the 2.x client has no tasks runtime and refuses `resultType: "task"`)
 * and resolves to its result. Plain calls go through the same function, so that both kinds of
 * load pay for the same client.
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
  const { status, body } = await postRequest(url, method, params, {
    capabilities: options.tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {},
    clientName: 'bench',
    // A whole number: the timer refuses fractions, and deadlines come from `performance.now()`.
    signal: AbortSignal.timeout(Math.ceil(options.timeoutMs)),
  });
  if (body.error !== undefined) {
    throw new Error(`${method} answered ${body.error.code} ${body.error.message}`);
  }
  if (body.result === undefined) throw new Error(`HTTP ${status} without a result`);
  return body.result;
}
