import type { Identity, TaskEngine } from '@apcore-mcp/core';
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import { missingTasksCapability } from '../calls/pipeline/task-support-entry.js';
import { resolveIdentity } from '../kernel/call-extra.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../requests/register-request-handler.js';
import type { RequestPipeline } from '../requests/request-pipeline.js';
import type { RequestAnswer } from '../requests/request-step.js';
import { TASKS_EXTENSION, toDetailedTask } from '../tasks/task-results.js';
import { isModernRequest } from './definition-request.js';
import { createLegacyTaskHandlers, type LegacyTaskHandlers } from './legacy-task-handlers.js';
import { taskNotFound } from './task-not-found.js';

type TaskParams = { taskId: string; inputResponses?: Record<string, unknown> };

type TaskHandler = (
  params: TaskParams,
  ctx: ServerContext,
) => RequestAnswer | Promise<RequestAnswer>;

/** Takes params naming a task; `tasks/update`'s answers, when present, must be an object. */
const TASK_PARAMS: StandardSchemaV1<TaskParams> = {
  '~standard': {
    version: 1,
    vendor: 'apcore-mcp',
    validate: (value) => {
      const params = value as Partial<Record<keyof TaskParams, unknown>> | undefined;
      if (typeof params?.taskId !== 'string' || params.taskId === '') {
        return { issues: [{ message: 'taskId must be the id of a task (a non-empty string)' }] };
      }
      const responses = params.inputResponses;
      if (responses !== undefined && (typeof responses !== 'object' || responses === null)) {
        return { issues: [{ message: 'inputResponses must be an object of answers by key' }] };
      }
      return { value: value as TaskParams };
    },
  },
};

/**
 * Registers `tasks/get`, `tasks/update` and `tasks/cancel` (the 2026-07-28 tasks extension)
 * on `server`, over `engine`. Each request must declare the extension among its capabilities
 * (else -32021 naming it) and names a task of its caller: another caller's task, like one that
 * never existed or expired, is -32602 `Task not found`. `tasks/update` and `tasks/cancel`
 * answer an empty acknowledgement; what changed shows on the next `tasks/get`; a `tasks/get`
 * answering a completed or failed task hands its owner the outcome and releases the task's slot
 * (`engine.release`). A 2025-11-25
 * connection's `tasks/get`, `tasks/result` and `tasks/cancel` go to the experimental task API
 * of that revision, over the same engine; the handlers of that API are returned.
 *
 * @example
 * ```ts
 * const legacy = registerTaskHandlers(server, { engine, identity: undefined });
 * ```
 */
export function registerTaskHandlers(
  target: RequestHandlerTarget,
  options: {
    engine: TaskEngine;
    identity: Identity | undefined;
    /** The request pipeline the handlers run through; none: registered as they are. */
    requests?: RequestPipeline | undefined;
  },
): LegacyTaskHandlers {
  const { engine, requests } = options;
  const legacy = createLegacyTaskHandlers(target.server, options);
  const ownerOf = (ctx: ServerContext): string | null => {
    requireTasksCapability(ctx);
    return resolveIdentity({ authInfo: ctx.http?.authInfo }, options.identity)?.id ?? null;
  };
  const handle = (method: string, handler: TaskHandler): void =>
    registerRequestHandler(target, requests, method, { params: TASK_PARAMS }, handler);
  handle('tasks/get', async ({ taskId }, ctx) => {
    if (!isModernRequest(ctx)) return legacy.get(taskId, ctx);
    const owner = ownerOf(ctx);
    const task = await engine.get(taskId, owner);
    if (task === undefined) throw taskNotFound(taskId);
    // This answer hands the owner the task's outcome: the task stops holding a slot.
    if (task.status === 'completed' || task.status === 'failed') {
      await engine.release?.(taskId, owner);
    }
    return toDetailedTask(task);
  });
  handle('tasks/update', async (params, ctx) => {
    // The SDK lifts a request's `inputResponses` (an MRTR field) into the request context.
    const responses = ctx.mcpReq.inputResponses ?? params.inputResponses ?? {};
    if (!(await engine.update(params.taskId, ownerOf(ctx), responses))) {
      throw taskNotFound(params.taskId);
    }
    return {};
  });
  handle('tasks/cancel', async ({ taskId }, ctx) => {
    if (!isModernRequest(ctx)) return legacy.cancel(taskId, ctx);
    if (!(await engine.cancel(taskId, ownerOf(ctx)))) throw taskNotFound(taskId);
    return {};
  });
  // 2025-11-25 only: the SDK answers a 2026-07-28 `tasks/result` -32601 before any handler.
  handle('tasks/result', ({ taskId }, ctx) => legacy.result(taskId, ctx));
  return legacy;
}

function requireTasksCapability(ctx: ServerContext): void {
  if (!isModernRequest(ctx)) {
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
  }
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  const extensions = capabilities?.extensions;
  if (typeof extensions !== 'object' || extensions === null || !(TASKS_EXTENSION in extensions)) {
    throw missingTasksCapability();
  }
}
