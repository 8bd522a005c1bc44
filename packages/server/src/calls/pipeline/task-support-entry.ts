import { ErrorCodes } from '@apcore-mcp/core';
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import { TASKS_EXTENSION } from '../../kernel/tasks-extension.js';
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
  if (task?.support === 'required' && !takesTasks(extra)) throw refuseWithoutTask(extra);
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
 * The refusal of a call of a tool that only runs as a task, from a client that did not ask for
 * one: -32021 naming the tasks extension (2026-07-28); -32601, as the 2025-11-25 tasks page
 * says, to a 2025 request without its `task` parameter.
 */
function refuseWithoutTask(extra: RouterCallExtra): ProtocolRefusal {
  const error =
    extra.era === '2025-11-25'
      ? new ProtocolError(
          ProtocolErrorCode.MethodNotFound,
          'This tool runs only as a task: call it with the task parameter',
        )
      : missingTasksCapability();
  return refuseAs(error, ErrorCodes.CLIENT_CAPABILITY_REQUIRED);
}

/**
 * The -32021 error of a request that needs the tasks extension from a client that did not
 * declare it.
 *
 * @example
 * ```ts
 * throw missingTasksCapability();
 * ```
 */
export function missingTasksCapability(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `Missing required client capability: the ${TASKS_EXTENSION} extension`,
  );
}

/**
 * Whether the client of this request takes tasks from the server answering it (which serves
 * them): on 2026-07-28 it lists the tasks extension in the request's capabilities; on
 * 2025-11-25 the request asked for a task.
 *
 * @example
 * ```ts
 * if (!takesTasks(extra) && support === 'required') throw missingTasksCapability();
 * ```
 */
export function takesTasks(extra: RouterCallExtra): boolean {
  if (extra.tasksServed !== true) return false;
  if (extra.era === '2025-11-25') return extra.taskRequested === true;
  const extensions = (
    extra.clientCapabilities as { extensions?: Record<string, unknown> } | undefined
  )?.extensions;
  return typeof extensions === 'object' && extensions !== null && TASKS_EXTENSION in extensions;
}
