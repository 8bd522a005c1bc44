import type { ServerContext } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { resolveIdentity } from '../../kernel/call-extra.js';
import { toDetailedTask } from '../../kernel/task-results.js';
import { envelopeCapabilitiesOf } from '../request-envelope.js';
import type { TaskApi, TaskApiOptions } from '../revision-codec.js';
import { taskNotFound } from '../task-not-found.js';
import { declaresTasksExtension, missingTasksCapability } from './missing-tasks-capability.js';

/**
 * `tasks/get`, `tasks/update` and `tasks/cancel` of the tasks extension, over `engine`. Each
 * request must declare the extension among its capabilities (else -32021 naming it) and names
 * a task of its caller: another caller's task, like one that never existed or expired, is
 * -32602 `Task not found`. `tasks/update` and `tasks/cancel` answer an empty acknowledgement;
 * what changed shows on the next `tasks/get`; a `tasks/get` answering a completed or failed
 * task hands its owner the outcome and releases the task's slot (`engine.release`). There is
 * no `tasks/result` (the SDK answers it -32601 before any handler), and a call that became a
 * task is answered as the extension's `CreateTaskResult`, as it is.
 *
 * @example
 * ```ts
 * const api = createTaskApi({ engine, identity: undefined });
 * ```
 */
export function createTaskApi(options: TaskApiOptions): TaskApi {
  const { engine } = options;
  const ownerOf = (ctx: ServerContext): string | null => {
    if (!declaresTasksExtension(envelopeCapabilitiesOf(ctx))) throw missingTasksCapability();
    return resolveIdentity({ authInfo: ctx.http?.authInfo }, options.identity)?.id ?? null;
  };
  return {
    async get(taskId, ctx) {
      const owner = ownerOf(ctx);
      const task = await engine.get(taskId, owner);
      if (task === undefined) throw taskNotFound(taskId);
      // This answer hands the owner the task's outcome: the task stops holding a slot.
      if (task.status === 'completed' || task.status === 'failed') {
        await engine.release?.(taskId, owner);
      }
      return toDetailedTask(task);
    },
    async update(params, ctx) {
      // The SDK lifts a request's `inputResponses` (an MRTR field) into the request context.
      const responses = ctx.mcpReq.inputResponses ?? params.inputResponses ?? {};
      if (!(await engine.update(params.taskId, ownerOf(ctx), responses))) {
        throw taskNotFound(params.taskId);
      }
      return {};
    },
    async cancel(taskId, ctx) {
      if (!(await engine.cancel(taskId, ownerOf(ctx)))) throw taskNotFound(taskId);
      return {};
    },
    result: async () => {
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    },
    created: (answer) => answer,
  };
}
