import { TaskLimitError } from '@apcore-mcp/core';
import type { TaskCall, TaskEngine, TaskRound } from '@apcore-mcp/core/bridge';
import { createToolErrorResult } from '@apcore-mcp/errors';
import type { CallAnswer } from '../../calls/call-observer.js';
import type { CheckedCall } from '../../calls/pipeline/tool-call.js';
import { toCreateTaskResult } from '../../kernel/task-results.js';
import { revisionOfCall } from '../../revisions/pick-revision.js';

/** What the client said in the rounds of the call so far, for the task to carry on. */
export type CallRound = { responses?: Record<string, unknown>; state?: Record<string, unknown> };

/**
 * Creates the task a call becomes and answers with it; a task the engine's bounds refuse is a
 * tool error (`TaskLimitError`'s code). `continues`: the id of the still running call the task
 * takes over (see `RunningCalls`).
 *
 * @example
 * ```ts
 * return createTask(engine, call, call.extra.inputRound);
 * ```
 */
export async function createTask(
  engine: TaskEngine,
  call: CheckedCall,
  round: CallRound | undefined,
  continues?: string,
): Promise<CallAnswer> {
  try {
    const taskCall = toTaskCall(call, round);
    if (continues !== undefined) taskCall.continues = continues;
    const view = await engine.create(taskCall, call.identity?.id ?? null);
    call.logger.debug({ taskId: view.taskId }, 'The call continues as a task');
    return toCreateTaskResult(view);
  } catch (error) {
    if (!TaskLimitError.isInstance(error)) throw error;
    return createToolErrorResult(error.message, error.code);
  }
}

/**
 * What a task's attempts need of the call, as plain JSON.
 *
 * @example
 * ```ts
 * const taskCall = toTaskCall(call, call.extra.inputRound);
 * ```
 */
export function toTaskCall(call: CheckedCall, round: CallRound | undefined): TaskCall {
  const { extra } = call;
  const taskCall: TaskCall = {
    tool: call.tool,
    arguments: call.arguments,
    identity: call.identity === undefined ? null : { ...call.identity },
    era: revisionOfCall(extra).era,
  };
  if (extra.protocolVersion !== undefined) taskCall.protocolVersion = extra.protocolVersion;
  if (extra.clientCapabilities !== undefined) {
    taskCall.clientCapabilities = { ...extra.clientCapabilities } as Record<string, unknown>;
  }
  if (extra.traceCarrier !== undefined) taskCall.traceCarrier = { ...extra.traceCarrier };
  // An idempotent module may run again when an engine loses the worker running it.
  if (call.served.tool.annotations?.idempotentHint === true) taskCall.retryable = true;
  const taskRound = toTaskRound(round);
  if (taskRound !== undefined) taskCall.round = taskRound;
  return taskCall;
}

function toTaskRound(round: CallRound | undefined): TaskRound | undefined {
  if (round?.state === undefined && round?.responses === undefined) return undefined;
  const taskRound: TaskRound = {};
  if (round.responses !== undefined) taskRound.responses = round.responses;
  if (round.state !== undefined) taskRound.state = round.state;
  return taskRound;
}
