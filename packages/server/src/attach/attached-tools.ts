import type { McpTool } from '../tools/mcp-tool.js';

/**
 * What `attachToServer` added to a host server, and how to take it away again.
 *
 * @example
 * ```ts
 * const attached = await attachToServer(server, registry);
 * console.error(attached.tools.map((tool) => tool.name));
 * attached.detach();
 * ```
 */
export interface AttachedTools {
  /** The tools added, as clients list them (read afresh: follows the registry with `dynamic`). */
  readonly tools: McpTool[];
  /**
   * Removes exactly what was added — our tools, resources and handlers — and gives the host's
   * own handlers back; stops following the registry. Idempotent.
   */
  detach(): void;
}
