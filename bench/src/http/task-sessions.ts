import { setTimeout as sleep } from 'node:timers/promises';
import { CALL_ANSWER_TEXT, CALL_ARGUMENTS } from '../workload/trivial-handler.js';
import { CALLED_TOOL_NAME } from '../workload/workload-modules.js';
import type { LoadSession } from './load-sessions.js';
import { postModernRequest } from './post-modern-request.js';

/**
 * What a client of a task load does with each call: `plain`, a `tools/call` answered at once
 * (no tasks extension declared); `task`, a `tools/call` declaring the tasks extension, answered
 * with a task, then `tasks/get` until the task ends.
 */
export type TaskLoadKind = 'plain' | 'task';

/** Whether a tool result is the workload's answer to {@link CALL_ARGUMENTS}. */
function isExpectedResult(result: unknown): boolean {
  const { isError, content } = (result ?? {}) as { isError?: boolean; content?: unknown[] };
  const [first] = (content ?? []) as { type?: string; text?: string }[];
  return isError !== true && first?.type === 'text' && first.text === CALL_ANSWER_TEXT;
}

/** The wait a task's answer suggests before the next `tasks/get`. */
function pollIntervalOf(task: Record<string, unknown>): number {
  const interval = task.pollIntervalMs;
  return typeof interval === 'number' && interval > 0 ? interval : 1000;
}

async function callPlain(url: string, timeoutMs: number): Promise<boolean> {
  const params = { name: CALLED_TOOL_NAME, arguments: { ...CALL_ARGUMENTS } };
  const result = await postModernRequest(url, 'tools/call', params, { tasks: false, timeoutMs });
  return result.resultType !== 'task' && isExpectedResult(result);
}

/**
 * One task from creation to its end, polling as a client should: waiting the `pollIntervalMs`
 * the server suggests before each `tasks/get`. True only for a task that completed with the
 * expected result; a task still working at the deadline, or ending any other way, is false.
 */
async function runTask(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  const remaining = () => ({ tasks: true, timeoutMs: Math.max(1, deadline - performance.now()) });
  const params = { name: CALLED_TOOL_NAME, arguments: { ...CALL_ARGUMENTS } };
  const created = await postModernRequest(url, 'tools/call', params, remaining());
  const { taskId } = created;
  if (created.resultType !== 'task' || typeof taskId !== 'string') return false;
  let task = created;
  for (;;) {
    await sleep(pollIntervalOf(task));
    if (performance.now() > deadline) return false;
    task = await postModernRequest(url, 'tasks/get', { taskId }, remaining());
    if (task.status === 'completed') return isExpectedResult(task.result);
    if (task.status !== 'working') return false;
  }
}

/**
 * A load client over Streamable HTTP speaking 2026-07-28 by hand (see `postModernRequest`),
 * whose every call is of `kind`. 2026-07-28 has no session: opening and closing do nothing.
 *
 * @example
 * ```ts
 * const session = await openTaskLoadSession(url, 'task');
 * const completed = await session.callOnce(5_000);
 * ```
 */
export async function openTaskLoadSession(url: string, kind: TaskLoadKind): Promise<LoadSession> {
  return {
    callOnce: (timeoutMs) =>
      kind === 'task' ? runTask(url, timeoutMs) : callPlain(url, timeoutMs),
    close: async () => {},
  };
}
