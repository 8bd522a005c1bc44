import { isRecord } from '../is-record.js';

/**
 * The key under which the server puts, in a call's `context.data`, what {@link becomeTask}
 * calls: a function that ends the call's quick part when the call may become a task.
 *
 * @example
 * ```ts
 * const become = context.data[MCP_TASK_KEY] as (() => Promise<void>) | undefined;
 * ```
 */
export const MCP_TASK_KEY = '_mcp_task';

/**
 * Marks where the quick part of a call ends, in a module annotated `taskStart: 'explicit'`:
 * when the client takes tasks, the call answers with a task here, and the module runs again from
 * the start as that task (with the answers it was given so far), this time going on past this
 * line. So what comes before it runs at least twice: ask there, but change nothing. Outside a
 * task-capable call (a plain call, a client without tasks, the task itself) it does nothing.
 *
 * @example
 * ```ts
 * execute: async (inputs, context) => {
 *   const answer = await elicit(context, 'Which year?', yearSchema, { key: 'year' });
 *   await becomeTask(context); // the long part runs as a task
 *   return buildReport(answer?.year, context.signal);
 * },
 * ```
 */
export async function becomeTask(
  context: { readonly data?: unknown } | null | undefined,
): Promise<void> {
  const data = isRecord(context) ? context.data : undefined;
  const become = isRecord(data) ? data[MCP_TASK_KEY] : undefined;
  if (typeof become === 'function') await (become as () => Promise<void>)();
}

/**
 * The key under which the server marks, in `context.data`, a call that runs as an MCP task:
 * the executor then gives a module that declares no `timeoutMs` no time limit of its own, since
 * the task's time limit bounds it (and aborts its signal).
 *
 * @example
 * ```ts
 * const inTask = context.data[MCP_IN_TASK_KEY] === true;
 * ```
 */
export const MCP_IN_TASK_KEY = '_mcp_in_task';
