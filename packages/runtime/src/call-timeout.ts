import { isRecord, MCP_CALL_TIMEOUT_KEY, MCP_IN_TASK_KEY } from '@apcore-mcp/core';
import type { PreparedCall } from './executor-options.js';

/**
 * How long a module may run, in ms (0: no limit): its own `timeoutMs`; inside an MCP task none
 * (the task's own time limit bounds it); else the default an MCP server gave the call in
 * `context.data[MCP_CALL_TIMEOUT_KEY]`; else the executor's `defaultTimeoutMs`.
 *
 * @example
 * ```ts
 * timeoutOf(prepared, 30_000); // 30000 for a module without timeoutMs, outside a task
 * ```
 */
export function timeoutOf(
  { module, context }: Pick<PreparedCall, 'module' | 'context'>,
  defaultTimeoutMs: number,
): number {
  const own = module.timeoutMs;
  if (typeof own === 'number' && Number.isFinite(own) && own >= 0) return own;
  const data = isRecord(context.data) ? context.data : {};
  if (data[MCP_IN_TASK_KEY] === true) return 0;
  const serverDefault = data[MCP_CALL_TIMEOUT_KEY];
  return typeof serverDefault === 'number' && Number.isFinite(serverDefault) && serverDefault > 0
    ? serverDefault
    : defaultTimeoutMs;
}
