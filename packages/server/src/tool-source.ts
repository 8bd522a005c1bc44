import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * Where a server reads its current tools: a live table, read on every request.
 * {@link RegistryListener} is one.
 *
 * @example
 * ```ts
 * const fixed: ToolSource = { list: () => tools, get: (name) => tools.find((t) => t.name === name) };
 * ```
 */
export interface ToolSource {
  /** A snapshot of the tools, in registration order. */
  list(): Tool[];
  /** The tool with this name, if it is currently served. */
  get(name: string): Tool | undefined;
}
