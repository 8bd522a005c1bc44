import { REQUIRES_APPROVAL_META_KEY } from '@apcore-mcp/annotations';
import { TaskLimitError } from '@apcore-mcp/core';
import type { TaskCall, TaskEngine, TaskRound } from '@apcore-mcp/core/bridge';
import { createToolErrorResult } from '@apcore-mcp/errors';
import type { CallAnswer } from '../../calls/call-observer.js';
import type { CheckedMiddleware } from '../../calls/pipeline/call-middleware.js';
import { takesTasks } from '../../calls/pipeline/task-support-entry.js';
import type { CheckedCall } from '../../calls/pipeline/tool-call.js';
import { toCreateTaskResult } from '../../kernel/task-results.js';
import { revisionOfCall } from '../../revisions/pick-revision.js';
import { BecomeTaskSignal } from './become-task-signal.js';

/**
 * The pipeline entry that turns calls into MCP tasks. A call of a task-supporting tool (its
 * module's `taskSupport`) from a client that takes tasks (2026-07-28: the tasks extension among
 * the request's capabilities; 2025-11-25: the request asked for a task) answers with a new task
 * in `engine`: at once (`taskStart: 'immediate'`, and always on 2025-11-25), or where the
 * module calls `becomeTask()` (`'explicit'`: what it asks before is asked on the call). On
 * 2026-07-28 a module that needs the user's approval (`approvalAsksUser`: the `approval`
 * option is `'elicit'`) is asked on the call too, before any task exists: its call becomes the
 * task once approved. Placed after the input check and the limits, so those refuse on the call
 * itself; the task's attempts then run the whole pipeline again as `extra.task`, passing
 * through here. Anything else (a grouped tool's action too) passes through untouched.
 *
 * @example
 * ```ts
 * const entries = [validate, admit, createTaskEntry(engine, { approvalAsksUser: true }), rounds, open, approval];
 * ```
 */
export function createTaskEntry(
  engine: TaskEngine,
  options: { approvalAsksUser: boolean },
): CheckedMiddleware {
  return async (call, next) => {
    const task = call.served.task;
    // A grouped tool's action stays a plain call: its task could not name the action again.
    if (
      task === undefined ||
      call.grouped ||
      call.extra.task !== undefined ||
      !takesTasks(call.extra)
    ) {
      return next();
    }
    // A revision without rounds (2025-11-25) cannot carry what a quick part asked into the
    // task: there, every task-supporting call is a task from its start.
    if (revisionOfCall(call.extra).tasksStartAtOnce) {
      return createTask(engine, call, call.extra.inputRound);
    }
    // The user approves the call itself: no task is made for a call they may refuse.
    const onceApproved =
      task.start === 'immediate' && options.approvalAsksUser && asksApproval(call);
    if (task.start === 'immediate' && !onceApproved) {
      return createTask(engine, call, call.extra.inputRound);
    }
    const round = call.extra.inputRound;
    call.extra = {
      ...call.extra,
      becomeTask: async () => {
        throw new BecomeTaskSignal();
      },
      ...(onceApproved ? { becomeTaskOnceApproved: true } : {}),
    };
    try {
      return await next();
    } catch (error) {
      if (!BecomeTaskSignal.isInstance(error)) throw error;
      return createTask(engine, call, round);
    }
  };
}

/** Whether the tool's module requires approval (`requiresApproval`), as its listing says. */
function asksApproval(call: CheckedCall): boolean {
  return call.served.tool._meta?.[REQUIRES_APPROVAL_META_KEY] === true;
}

async function createTask(
  engine: TaskEngine,
  call: CheckedCall,
  round: { responses?: Record<string, unknown>; state?: Record<string, unknown> } | undefined,
): Promise<CallAnswer> {
  try {
    const view = await engine.create(toTaskCall(call, round), call.identity?.id ?? null);
    call.logger.debug({ taskId: view.taskId }, 'The call continues as a task');
    return toCreateTaskResult(view);
  } catch (error) {
    if (!TaskLimitError.isInstance(error)) throw error;
    return createToolErrorResult(error.message, error.code);
  }
}

/** What a task's attempts need of the call, as plain JSON. */
function toTaskCall(
  call: CheckedCall,
  round: { responses?: Record<string, unknown>; state?: Record<string, unknown> } | undefined,
): TaskCall {
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

function toTaskRound(
  round: { responses?: Record<string, unknown>; state?: Record<string, unknown> } | undefined,
): TaskRound | undefined {
  if (round?.state === undefined && round?.responses === undefined) return undefined;
  const taskRound: TaskRound = {};
  if (round.responses !== undefined) taskRound.responses = round.responses;
  if (round.state !== undefined) taskRound.state = round.state;
  return taskRound;
}
