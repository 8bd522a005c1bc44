import { REQUIRES_APPROVAL_META_KEY } from '@apcore-mcp/annotations';
import type { TaskEngine } from '@apcore-mcp/core/bridge';
import type { CheckedMiddleware } from '../../calls/pipeline/call-middleware.js';
import { takesTasks } from '../../calls/pipeline/task-support-entry.js';
import type { CheckedCall } from '../../calls/pipeline/tool-call.js';
import { revisionOfCall } from '../../revisions/pick-revision.js';
import { answerContinued } from './answer-continued.js';
import { BecomeTaskSignal } from './become-task-signal.js';
import { continueAsTaskAfter } from './continue-as-task.js';
import { createTask } from './create-task.js';
import type { RunningCalls } from './running-calls.js';

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
 * With `taskAfterMs` (more than 0), the server decides on 2026-07-28: such a call runs on the
 * call itself (as `'explicit'` does) and, still running after that long, is answered with a task
 * that takes it over and finishes with its answer (`continueAsTaskAfter`; the task's attempt
 * comes back here for it: `answerContinued`). 2025-11-25 has no
 * say for the server: there, a call is a task only when the client asked for one, from its
 * start, as without the option.
 *
 * @example
 * ```ts
 * const entries = [validate, admit, createTaskEntry(engine, { approvalAsksUser: true }), rounds, open, approval];
 * ```
 */
export function createTaskEntry(
  engine: TaskEngine,
  options: { approvalAsksUser: boolean; taskAfterMs?: number; running?: RunningCalls },
): CheckedMiddleware {
  const { taskAfterMs = 0, running } = options;
  const serverDecides = taskAfterMs > 0 && running !== undefined;
  return async (call, next) => {
    if (call.extra.continued !== undefined) {
      return answerContinued(call, call.extra.continued, next);
    }
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
    if (task.start === 'immediate' && !onceApproved && !serverDecides) {
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
      if (serverDecides) {
        return await continueAsTaskAfter({ engine, call, round, next, taskAfterMs, running });
      }
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
