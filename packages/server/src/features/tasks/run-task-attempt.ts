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
import type { RunningCalls } from './running-calls.js';

/**
 * Runs one attempt of a task through `router`: the same pipeline as any call, as the task's
 * caller, with the task's rounds (its questions end the attempt, as a 2026-07-28 call's do, and
 * come back answered through `tasks/update`), its progress as the task's status message, and no
 * log lines to any client (the server's log has them). A tool error completes the task; an
 * unexpected failure (the sanitized `Internal error occurred`) fails it with -32603. A task
 * that continues a call still running here (`call.continues`, see `RunningCalls`) takes that
 * call over: the attempt goes through the same pipeline, whose task step answers with the
 * call's end (`answerContinued`), so the call's error, size limit, ledger line and metrics are
 * those of any call. One whose call is not here (another process, a second attempt) fails,
 * unless its call may run again (`retryable`).
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
  const continued = call.continues === undefined ? undefined : running?.take(call.continues);
  if (call.continues !== undefined && continued === undefined && call.retryable !== true) {
    return { kind: 'error', error: CALL_LOST };
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
  if (continued !== undefined) extra.continued = continued;
  if (call.identity !== null) extra.identity = call.identity as unknown as Identity;
  if (call.protocolVersion !== undefined) extra.protocolVersion = call.protocolVersion;
  if (call.clientCapabilities !== undefined) {
    extra.clientCapabilities = call.clientCapabilities as RouterCallExtra['clientCapabilities'];
  }
  if (call.traceCarrier !== undefined) extra.traceCarrier = call.traceCarrier;
  const answer = await router.handleCall(call.tool, call.arguments, extra);
  if (isInputRequiredResult(answer)) {
    // A question the taken-over call asks now has no request to ride on.
    if (extra.continued !== undefined) return { kind: 'error', error: ASKED_TOO_LATE };
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

/** The taken-over call asked the user something after it became a task. */
const ASKED_TOO_LATE = {
  code: -32603,
  message: 'The call asked for input after it became a task; call the tool again',
};

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
