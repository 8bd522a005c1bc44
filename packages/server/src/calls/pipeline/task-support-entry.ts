import { ErrorCodes } from '@apcore-mcp/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import { revisionOfCall } from '../../revisions/pick-revision.js';
import type { CallMiddleware } from './call-middleware.js';
import { type ProtocolRefusal, refuseAs } from './protocol-refusal.js';

/**
 * Holds a call to what its tool's `execution.taskSupport` says, before anything is checked or
 * spent: a task asked (2025-11-25 `task`) of a tool that never runs as one is refused with
 * -32601; a call without a task of a tool that only runs as one (`taskSupport: 'required'`)
 * with -32021 naming the tasks extension (2026-07-28), or -32601 on 2025-11-25. Placed after
 * routing and tool search, so it holds the tool a call runs however it came (directly, through
 * `call_tool`); a grouped tool never runs as a task, whatever its actions do. A task's own
 * attempts, and a name no tool has (refused as unknown), pass.
 *
 * @example
 * ```ts
 * const entries = [search, route, holdToTaskSupport, guard, validate];
 * ```
 */
export const holdToTaskSupport: CallMiddleware = (call, next) => {
  const { extra } = call;
  if (extra.task !== undefined || (call.served === undefined && !call.grouped)) return next();
  const task = call.grouped ? undefined : call.served?.task;
  if (extra.taskRequested === true && task === undefined) throw refuseTaskOf(call.tool);
  if (task?.support === 'required' && !takesTasks(extra)) {
    throw refuseAs(
      revisionOfCall(extra).refuseTaskRequired(),
      ErrorCodes.CLIENT_CAPABILITY_REQUIRED,
    );
  }
  return next();
};

/**
 * The -32601 refusal of a task asked of a tool without task support, as the 2025-11-25 tasks
 * page says.
 *
 * @example
 * ```ts
 * if (call.extra.taskRequested === true) throw refuseTaskOf('search_tools');
 * ```
 */
export function refuseTaskOf(tool: string): ProtocolRefusal {
  const error = new ProtocolError(
    ProtocolErrorCode.MethodNotFound,
    `Tool ${tool} does not run as a task: call it without the task parameter`,
  );
  return refuseAs(error, ErrorCodes.GENERAL_INVALID_INPUT);
}

/**
 * Whether the client of this request takes tasks from the server answering it (which serves
 * them), as its revision says: on 2026-07-28 it lists the tasks extension in the request's
 * capabilities; on 2025-11-25 the request asked for a task.
 *
 * @example
 * ```ts
 * if (!takesTasks(extra) && support === 'required') throw refusal;
 * ```
 */
export function takesTasks(extra: RouterCallExtra): boolean {
  return revisionOfCall(extra).takesTasks(extra);
}
