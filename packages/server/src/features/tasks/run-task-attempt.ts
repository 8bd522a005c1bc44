import type { Identity } from '@apcore-mcp/core';
import type {
  AttemptContext,
  AttemptOutcome,
  McpInputRequest,
  TaskCall,
} from '@apcore-mcp/core/bridge';
import { ERROR_CODE_META_KEY, INTERNAL_ERROR_CODE } from '@apcore-mcp/errors';
import { type InputRequiredResult, isInputRequiredResult } from '@modelcontextprotocol/server';
import type { ExecutionRouter } from '../../calls/execution-router.js';
import type { ProgressNotice, RouterCallExtra } from '../../kernel/call-extra.js';
import { toInputRequestWire } from '../../kernel/input-request-wire.js';
import { isTaskCreatedResult } from '../../kernel/task-created-result.js';
import type { ToolCallResult } from '../../kernel/tool-call-result.js';
import { BecomeTaskSignal } from './become-task-signal.js';
import type { RunningCalls } from './running-calls.js';

/**
 * Runs one attempt of a task through `router`: the same pipeline as any call, as the task's
 * caller, with the task's rounds (its questions end the attempt, as a 2026-07-28 call's do, and
 * come back answered through `tasks/update`), its progress as the task's status message, and no
 * log lines to any client (the server's log has them). A tool error completes the task; an
 * unexpected failure (the sanitized `Internal error occurred`) fails it with -32603. A task
 * that continues a call still running here (`call.continues`, see `RunningCalls`) waits for that
 * call instead; one whose call is not here (another process, a second attempt) fails, unless its
 * call may run again (`retryable`).
 *
 * @example
 * ```ts
 * engine.start((call, attempt) => runTaskAttempt(router, call, attempt));
 * ```
 */
export async function runTaskAttempt(
  router: ExecutionRouter,
  call: TaskCall,
  attempt: AttemptContext,
  running?: RunningCalls,
): Promise<AttemptOutcome> {
  if (call.continues !== undefined) {
    const continued = running?.take(call.continues);
    if (continued !== undefined) return finishContinued(router, call, attempt, continued);
    if (call.retryable !== true) return { kind: 'error', error: CALL_LOST };
  }
  let askedState: Record<string, unknown> | undefined;
  const extra: RouterCallExtra = {
    signal: attempt.signal,
    era: call.era,
    task: { taskId: attempt.taskId },
    progressToken: attempt.taskId,
    notify: async (notice) => attempt.setStatusMessage(describeProgress(notice)),
    inputRound: {
      responses: call.round?.responses,
      state: call.round?.state,
      require: async (questions, state) => {
        askedState = state;
        return {
          resultType: 'input_required',
          inputRequests: toWireRequests(questions),
        } as InputRequiredResult;
      },
    },
  };
  if (call.identity !== null) extra.identity = call.identity as unknown as Identity;
  if (call.protocolVersion !== undefined) extra.protocolVersion = call.protocolVersion;
  if (call.clientCapabilities !== undefined) {
    extra.clientCapabilities = call.clientCapabilities as RouterCallExtra['clientCapabilities'];
  }
  if (call.traceCarrier !== undefined) extra.traceCarrier = call.traceCarrier;
  const answer = await router.handleCall(call.tool, call.arguments, extra);
  if (isInputRequiredResult(answer)) {
    const inputRequests = (answer.inputRequests ?? {}) as Record<string, Record<string, unknown>>;
    return { kind: 'input', inputRequests, state: askedState };
  }
  if (isTaskCreatedResult(answer)) {
    // The entry lets an attempt through; a task inside a task would be a bug of ours.
    return { kind: 'error', error: { code: -32603, message: 'Internal error occurred' } };
  }
  return toOutcome(answer);
}

/** The task of a call that ran elsewhere, or ended with the process that ran it. */
const CALL_LOST = {
  code: -32603,
  message: 'The call this task continues is no longer running; call the tool again',
};

/**
 * Waits for the call the task continues, stopping it when the task is cancelled. A question it
 * asks now has no request to ride on, and a `becomeTask()` it calls now asks for what the task
 * does anyway: the tool then runs again as the task's attempt.
 */
async function finishContinued(
  router: ExecutionRouter,
  call: TaskCall,
  attempt: AttemptContext,
  continued: {
    ended: Promise<{ answer: unknown } | { error: unknown }>;
    abort(reason: unknown): void;
  },
): Promise<AttemptOutcome> {
  const stop = (): void => continued.abort(attempt.signal.reason);
  if (attempt.signal.aborted) stop();
  attempt.signal.addEventListener('abort', stop, { once: true });
  try {
    const ended = await continued.ended;
    if ('error' in ended) {
      if (!BecomeTaskSignal.isInstance(ended.error)) throw ended.error;
      const { continues: _, ...again } = call;
      return runTaskAttempt(router, again, attempt);
    }
    const answer = ended.answer as ToolCallResult;
    if (isInputRequiredResult(answer) || isTaskCreatedResult(answer)) {
      return {
        kind: 'error',
        error: {
          code: -32603,
          message: 'The call asked for input after it became a task; call the tool again',
        },
      };
    }
    return toOutcome(answer);
  } finally {
    attempt.signal.removeEventListener('abort', stop);
  }
}

function toOutcome(result: ToolCallResult): AttemptOutcome {
  if (result.isError === true && result._meta?.[ERROR_CODE_META_KEY] === INTERNAL_ERROR_CODE) {
    const text = result.content[0]?.type === 'text' ? result.content[0].text : undefined;
    return { kind: 'error', error: { code: -32603, message: text ?? 'Internal error occurred' } };
  }
  return { kind: 'result', result: { ...result } };
}

function toWireRequests(
  questions: Record<string, McpInputRequest>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(questions).map(([key, request]) => [
      key,
      toInputRequestWire(request) as unknown as Record<string, unknown>,
    ]),
  );
}

/** A progress notification as a status message: `3/10: Reading files`. */
function describeProgress(notice: ProgressNotice): string {
  const { progress, total, message } = notice.params as {
    progress: number;
    total?: number;
    message?: string;
  };
  const amount = total === undefined ? `${progress}` : `${progress}/${total}`;
  return message === undefined ? amount : `${amount}: ${message}`;
}
