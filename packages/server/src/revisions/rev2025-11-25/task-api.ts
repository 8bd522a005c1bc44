import { isTerminalTaskStatus } from '@apcore-mcp/core/bridge';
import {
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { resolveIdentity } from '../../kernel/call-extra.js';
import type { TaskApi, TaskApiOptions } from '../revision-codec.js';
import { taskNotFound } from '../task-not-found.js';
import { answerLegacyTaskResult } from './task-result.js';
import { LegacyTaskStatusNotices } from './task-status-notices.js';
import { toLegacyCreateTaskResult, toLegacyTask } from './task-wire.js';

/**
 * The 2025-11-25 experimental task API of `server`'s connection, over the same engine as the
 * tasks extension: `tasks/get` (the task), `tasks/result` (waits until the task ends, asking
 * its questions, then its result) and `tasks/cancel` (the cancelled task; -32602 for a task
 * that already ended); `tasks/update` is not of this revision (-32601). Each request names a
 * task of its caller (another caller's task, like one that never existed or expired, is
 * -32602 `Task not found`). A `tools/call` that became a task is answered `{ task }`, and the
 * connection then hears of each change of the task's status (`notifications/tasks/status`)
 * until it ends.
 *
 * @example
 * ```ts
 * const api = createLegacyTaskApi(server, { engine, identity: undefined });
 * ```
 */
export function createLegacyTaskApi(server: Server, options: TaskApiOptions): TaskApi {
  const { engine } = options;
  const ownerOf = (ctx: ServerContext): string | null =>
    resolveIdentity({ authInfo: ctx.http?.authInfo }, options.identity)?.id ?? null;
  const notices = new LegacyTaskStatusNotices(server, engine);
  return {
    async get(taskId, ctx) {
      const task = await engine.get(taskId, ownerOf(ctx));
      if (task === undefined) throw taskNotFound(taskId);
      return toLegacyTask(task);
    },
    update: async () => {
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    },
    result: (taskId, ctx) =>
      answerLegacyTaskResult({
        engine,
        taskId,
        owner: ownerOf(ctx),
        ctx,
        capabilities: server.getClientCapabilities(),
      }),
    async cancel(taskId, ctx) {
      const owner = ownerOf(ctx);
      const task = await engine.get(taskId, owner);
      if (task === undefined) throw taskNotFound(taskId);
      if (isTerminalTaskStatus(task.status)) throw alreadyEnded(task.status);
      if (!(await engine.cancel(taskId, owner))) throw taskNotFound(taskId);
      const cancelled = await engine.get(taskId, owner);
      if (cancelled === undefined) throw taskNotFound(taskId);
      // It ended on its own between the look and the cancel: it keeps that ending.
      if (cancelled.status !== 'cancelled') throw alreadyEnded(cancelled.status);
      return toLegacyTask(cancelled);
    },
    created(answer) {
      notices.follow(answer.taskId);
      return toLegacyCreateTaskResult(answer);
    },
  };
}

function alreadyEnded(status: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Cannot cancel task: already in terminal status '${status}'`,
  );
}
