import {
  capabilityOf,
  isTerminalTaskStatus,
  type McpInputRequest,
  type TaskEngine,
  type TaskView,
} from '@apcore-mcp/core/bridge';
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ClientCapabilities } from '../../kernel/call-extra.js';
import { declaresCapabilityFor } from '../../kernel/declared-capability.js';
import { taskNotFound } from '../task-not-found.js';
import { waitForTaskChange } from './wait-for-task-change.js';

/** How often to look at a task when its engine says nothing, before the task says. */
const FIRST_LOOK_MS = 1000;

/**
 * A 2025-11-25 `tasks/result` of one caller's task, on the connection that asked.
 *
 * @example
 * ```ts
 * const request: LegacyResultRequest = { engine, taskId, owner: null, ctx, capabilities };
 * ```
 */
export interface LegacyResultRequest {
  engine: TaskEngine;
  taskId: string;
  owner: string | null;
  ctx: ServerContext;
  /** What the client of this connection declared at `initialize`. */
  capabilities: ClientCapabilities | undefined;
}

/**
 * Answers a 2025-11-25 `tasks/result`: waits until the task ends, then answers what its
 * `tools/call` would have: the tool's result (with the related-task `_meta`), or the JSON-RPC
 * error of a failed task. While the task waits for input, its open questions go to the client
 * as requests of this one (`elicitation/create`, `sampling/createMessage`, `roots/list`, each
 * with the related-task `_meta`), and each answer goes to the engine as it comes. A question
 * the client cannot answer (it did not declare the capability) or a request that fails ends
 * this `tasks/result` with that error; the task keeps waiting, and a later `tasks/result`
 * asks again. Answering an ended task releases its slot (`engine.release`).
 *
 * @throws {ProtocolError} -32602 for a task that is not the caller's (or no longer exists).
 * @example
 * ```ts
 * server.setRequestHandler('tasks/result', ({ taskId }, ctx) => answerLegacyTaskResult({ engine, taskId, owner, ctx, capabilities }));
 * ```
 */
export async function answerLegacyTaskResult(request: LegacyResultRequest): Promise<Result> {
  const { engine, taskId, owner, ctx } = request;
  // Ends what this request still has going (questions, waits) once it has its answer.
  const finished = new AbortController();
  const signal = AbortSignal.any([ctx.mcpReq.signal, finished.signal]);
  const asking = new Map<string, Promise<void>>();
  let failure: unknown;
  let lookMs = FIRST_LOOK_MS;
  try {
    for (;;) {
      const changed = waitForTaskChange(engine, taskId, { timeoutMs: lookMs, signal });
      const task = await engine.get(taskId, owner);
      if (task === undefined) throw taskNotFound(taskId);
      if (isTerminalTaskStatus(task.status)) {
        // The answer hands the owner the task's outcome: the task stops holding a slot.
        await engine.release?.(taskId, owner);
        return finalAnswerOf(task);
      }
      lookMs = task.pollIntervalMs;
      for (const [key, question] of Object.entries(task.inputRequests ?? {})) {
        if (asking.has(key)) continue;
        const answered = askClient(request, key, question, signal)
          .catch((error: unknown) => {
            failure ??= error;
          })
          .finally(() => asking.delete(key));
        asking.set(key, answered);
      }
      await Promise.race([changed, ...asking.values()]);
      if (failure !== undefined) throw failure;
      ctx.mcpReq.signal.throwIfAborted();
    }
  } finally {
    finished.abort();
  }
}

/** Sends one open question to the client and hands its answer to the engine. */
async function askClient(
  request: LegacyResultRequest,
  key: string,
  question: Record<string, unknown>,
  signal: AbortSignal,
): Promise<void> {
  const { engine, taskId, owner, ctx } = request;
  const asked = question as McpInputRequest & { params?: Record<string, unknown> };
  if (!declaresCapabilityFor(request.capabilities, asked)) {
    throw new MissingRequiredClientCapabilityError({
      requiredCapabilities: { [capabilityOf(asked)]: {} },
    });
  }
  const related = { [RELATED_TASK_META_KEY]: { taskId } };
  const meta = asked.params?._meta as Record<string, unknown> | undefined;
  const params = { ...asked.params, _meta: { ...meta, ...related } };
  const send = ctx.mcpReq.send as (
    request: { method: string; params: Record<string, unknown> },
    options: { signal: AbortSignal },
  ) => Promise<unknown>;
  const answer = await send({ method: asked.method, params }, { signal });
  await engine.update(taskId, owner, { [key]: answer });
}

/** What the task's `tools/call` would have answered: its result, or its JSON-RPC error. */
function finalAnswerOf(task: TaskView): Result {
  const { taskId, status, result, error } = task;
  if (status === 'completed' && result !== undefined) {
    const meta = result._meta as Record<string, unknown> | undefined;
    return { ...result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId } } };
  }
  if (status === 'failed' && error !== undefined) {
    throw new ProtocolError(error.code, error.message, error.data);
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${status}: it has no result`, {
    taskId,
  });
}
