import type { Identity, TaskEngine } from '@apcore-mcp/core';
import { isTerminalTaskStatus } from '@apcore-mcp/core';
import {
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { resolveIdentity } from '../kernel/call-extra.js';
import type { TaskCreatedResult } from '../kernel/task-created-result.js';
import {
  type LegacyTask,
  toLegacyCreateTaskResult,
  toLegacyTask,
} from '../tasks/legacy-task-results.js';
import { answerLegacyTaskResult } from './legacy-task-result.js';
import { LegacyTaskStatusNotices } from './legacy-task-status.js';
import { taskNotFound } from './task-not-found.js';

/**
 * The 2025-11-25 experimental task API of one connection, over the same engine as the
 * 2026-07-28 extension: a task behaves the same whichever revision created it, and either may
 * look at it. Each request names a task of its caller (another caller's task, like one that
 * never existed or expired, is -32602 `Task not found`).
 *
 * @example
 * ```ts
 * const legacy = createLegacyTaskHandlers(server, { engine, identity: undefined });
 * if (!isModernRequest(ctx)) return legacy.get(taskId, ctx);
 * ```
 */
export interface LegacyTaskHandlers {
  /** `tasks/get`: the task. */
  get(taskId: string, ctx: ServerContext): Promise<LegacyTask>;
  /** `tasks/result`: waits until the task ends (asking its questions), then its result. */
  result(taskId: string, ctx: ServerContext): Promise<Result>;
  /** `tasks/cancel`: the cancelled task; -32602 for a task that already ended. */
  cancel(taskId: string, ctx: ServerContext): Promise<LegacyTask>;
  /**
   * The answer to a `tools/call` of this connection that became a task; the connection then
   * hears of each change of the task's status (`notifications/tasks/status`) until it ends.
   */
  created(answer: TaskCreatedResult): { task: LegacyTask };
}

/**
 * The 2025-11-25 task handlers of `server`'s connection (see {@link LegacyTaskHandlers}).
 *
 * @example
 * ```ts
 * const legacy = createLegacyTaskHandlers(server, { engine, identity: undefined });
 * ```
 */
export function createLegacyTaskHandlers(
  server: Server,
  options: { engine: TaskEngine; identity: Identity | undefined },
): LegacyTaskHandlers {
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
