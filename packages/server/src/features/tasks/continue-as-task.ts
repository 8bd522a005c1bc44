import { TaskLimitError } from '@apcore-mcp/core';
import type { TaskEngine } from '@apcore-mcp/core/bridge';
import type { CallAnswer } from '../../calls/call-observer.js';
import type { CheckedCall } from '../../calls/pipeline/tool-call.js';
import { toCreateTaskResult } from '../../kernel/task-results.js';
import { type CallRound, toTaskCall } from './create-task.js';
import type { RunningCalls } from './running-calls.js';

/**
 * Runs the rest of the call (`next`) and answers with it, unless it is still running after
 * `taskAfterMs`: then it answers with a new task that carries the call's id (`continues`), and
 * the call, left running under its own signal, ends that task with its answer (the task's
 * attempt takes it from `running` and answers with it through the pipeline: see
 * `answerContinued`). Cancelling the task stops it; the request ending no longer
 * does. When the engine's bounds refuse the task, the call simply goes on and answers as it
 * would have. Whatever `next` throws before the time is up (a `becomeTask()`) is thrown.
 *
 * @example
 * ```ts
 * return continueAsTaskAfter({ engine, call, round, next, taskAfterMs: 30_000, running });
 * ```
 */
export async function continueAsTaskAfter(options: {
  engine: TaskEngine;
  call: CheckedCall;
  round: CallRound | undefined;
  next: () => Promise<CallAnswer>;
  taskAfterMs: number;
  running: RunningCalls;
}): Promise<CallAnswer> {
  const { engine, call, round, next, taskAfterMs, running } = options;
  // The call's own signal: the request's until the call becomes a task, the task's after.
  const controller = new AbortController();
  const requestSignal = call.extra.signal;
  const forwardAbort = (): void => controller.abort(requestSignal?.reason);
  if (requestSignal?.aborted) forwardAbort();
  requestSignal?.addEventListener('abort', forwardAbort, { once: true });
  call.extra = { ...call.extra, signal: controller.signal };
  const answer = next();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), taskAfterMs);
  });
  try {
    const first = await Promise.race([answer, late]);
    if (first !== 'late') return first;
  } finally {
    clearTimeout(timer);
  }
  const ended = answer.then(
    (settled) => ({ answer: settled }),
    (error: unknown) => ({ error }),
  );
  const id = running.add({
    startedAt: call.startedAt,
    ended,
    abort: (reason) => controller.abort(reason),
  });
  try {
    const taskCall = toTaskCall(call, round);
    taskCall.continues = id;
    const view = await engine.create(taskCall, call.identity?.id ?? null);
    requestSignal?.removeEventListener('abort', forwardAbort);
    call.logger.debug({ taskId: view.taskId, taskAfterMs }, 'The call continues as a task');
    return toCreateTaskResult(view);
  } catch (error) {
    running.take(id);
    if (!TaskLimitError.isInstance(error)) {
      call.logger.warn({ err: error }, 'Could not create the task');
    }
    // No task: the call goes on as it began, answering the request itself.
    return answer;
  }
}
