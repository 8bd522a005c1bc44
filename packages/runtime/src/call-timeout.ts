import { clientChannelOf } from '@apcore-mcp/core/bridge';
import type { PreparedCall } from './executor-options.js';

/**
 * How long a module may run, in ms (0: no limit): its own `timeoutMs`; inside an MCP task none
 * (the task's own time limit bounds it); else the default an MCP server gave the call in
 * its client channel (`callTimeoutMs`); else the executor's `defaultTimeoutMs`.
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
  const channel = clientChannelOf(context);
  if (channel?.inTask === true) return 0;
  return channel?.callTimeoutMs ?? defaultTimeoutMs;
}
