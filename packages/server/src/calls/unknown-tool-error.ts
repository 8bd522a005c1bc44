import { ErrorMapper } from '@apcore-mcp/errors';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { moduleNotFound } from '../kernel/tool-result.js';
import { ProtocolRefusal } from './pipeline/protocol-refusal.js';

/** Maps without logging: the log entry writes the one line of the refused call. */
const ERROR_MAPPER = new ErrorMapper();

/**
 * The protocol error for a `tools/call` naming no tool this server serves: JSON-RPC `-32602`
 * with `Unknown tool: <name>`, as the tools page of both revisions (2025-11-25, 2026-07-28)
 * words it. A name is a protocol matter, not a tool execution error: no tool ran, and nothing a
 * model changes in the arguments makes the call succeed.
 *
 * Not for a tool that is still served but whose module the executor no longer finds (the module
 * left the registry between `tools/list` and the call): that call reached a tool, so it is
 * answered as a tool execution error, the SRS's `Module not found: <id>` result.
 *
 * @example
 * ```ts
 * throw unknownToolError('nope');
 * ```
 */
export function unknownToolError(name: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
}

/**
 * The refusal of a call naming no served tool: the client gets {@link unknownToolError}, while
 * the call is counted (metrics and tracing under `_unknown`, the ledger, the log line) as every
 * call of a module not found is, `MODULE_NOT_FOUND`; an in-process caller gets that result.
 *
 * @example
 * ```ts
 * if (tools.get(name) === undefined) call.refusal = refuseUnknownTool(name);
 * ```
 */
export function refuseUnknownTool(name: string): ProtocolRefusal {
  return new ProtocolRefusal(unknownToolError(name), ERROR_MAPPER.toMcpError(moduleNotFound(name)));
}
