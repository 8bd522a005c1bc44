import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

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
 * if (!front.answers(name)) throw unknownToolError(name);
 * ```
 */
export function unknownToolError(name: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
}
