import { defineBuiltInEventType } from '@apcore-mcp/core/bridge';

/**
 * The built-in event type of a task that ended (completed, failed or cancelled), delivered to
 * the task's owner only (its `audience`). It carries no result: the owner fetches that with
 * `tasks/result`. Named under `apcore-mcp.`, which the protocol does not reserve and user
 * types may not take.
 *
 * @example
 * ```ts
 * runtime.events.defineBuiltIn(TASK_FINISHED_EVENT);
 * ```
 */
export const TASK_FINISHED_EVENT = defineBuiltInEventType({
  name: 'apcore-mcp.task.finished',
  description:
    'A task ended (completed, failed or cancelled); fetch its result with tasks/result. Delivered to the task owner only.',
  inputSchema: {
    type: 'object',
    properties: { taskId: { type: 'string', description: 'Only this task' } },
    additionalProperties: false,
  },
  payloadSchema: {
    type: 'object',
    properties: {
      taskId: { type: 'string' },
      status: { type: 'string', enum: ['completed', 'failed', 'cancelled'] },
      lastUpdatedAt: { type: 'string', format: 'date-time' },
    },
    required: ['taskId', 'status', 'lastUpdatedAt'],
    additionalProperties: false,
  },
  replay: true,
});
