import type { Identity } from '@apcore-mcp/core';
import type { TaskEngine } from '@apcore-mcp/core/bridge';
import type { Result, ServerContext, StandardSchemaV1 } from '@modelcontextprotocol/server';
import type { TaskCreatedResult } from '../../kernel/task-created-result.js';
import {
  type RequestHandlerTarget,
  registerRequestHandler,
} from '../../requests/register-request-handler.js';
import type { RequestPipeline } from '../../requests/request-pipeline.js';
import type { RequestAnswer } from '../../requests/request-step.js';
import { revisionOfRequest } from '../../revisions/pick-revision.js';
import type { RevisionCodec, TaskApi } from '../../revisions/revision-codec.js';

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
 * The answer to a `tools/call` of this server that became a task, on the wire of the request's
 * revision.
 *
 * @example
 * ```ts
 * if (isTaskCreatedResult(answer)) return answerCreatedTask(answer, ctx);
 * ```
 */
export type CreatedTaskAnswerer = (answer: TaskCreatedResult, ctx: ServerContext) => Result;

/**
 * Gives `target` `tasks/get`, `tasks/update`, `tasks/cancel` and `tasks/result`, over
 * `engine`, each answered by the task API of the request's revision (see each codec's
 * `taskApi`: the tasks extension on 2026-07-28, the experimental task API on 2025-11-25, one
 * engine under both). Returns how a `tools/call` that became a task is answered.
 *
 * @example
 * ```ts
 * const answerCreatedTask = registerTaskHandlers(server, { engine, identity: undefined });
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
): CreatedTaskAnswerer {
  const { engine, identity, requests } = options;
  // Opened at a revision's first request: a per-request server meets only one revision.
  const apis = new Map<RevisionCodec, TaskApi>();
  const apiOf = (ctx: ServerContext): TaskApi => {
    const revision = revisionOfRequest(ctx);
    let api = apis.get(revision);
    if (api === undefined) {
      api = revision.taskApi(target.server, { engine, identity });
      apis.set(revision, api);
    }
    return api;
  };
  const handle = (method: string, handler: TaskHandler): void =>
    registerRequestHandler(target, requests, method, { params: TASK_PARAMS }, handler);
  handle('tasks/get', ({ taskId }, ctx) => apiOf(ctx).get(taskId, ctx));
  handle('tasks/update', (params, ctx) => apiOf(ctx).update(params, ctx));
  handle('tasks/cancel', ({ taskId }, ctx) => apiOf(ctx).cancel(taskId, ctx));
  handle('tasks/result', ({ taskId }, ctx) => apiOf(ctx).result(taskId, ctx));
  return (answer, ctx) => apiOf(ctx).created(answer);
}
