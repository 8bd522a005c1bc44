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

/**
 * Runs one attempt of a task through `router`: the same pipeline as any call, as the task's
 * caller, with the task's rounds (its questions end the attempt, as a 2026-07-28 call's do, and
 * come back answered through `tasks/update`), its progress as the task's status message, and no
 * log lines to any client (the server's log has them). A tool error completes the task; an
 * unexpected failure (the sanitized `Internal error occurred`) fails it with -32603.
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
): Promise<AttemptOutcome> {
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
