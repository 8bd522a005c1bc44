import type { McpTool } from '../kernel/mcp-tool.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';

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

/**
 * The handle of an attachment: lists the runtime's tools until detached; `detach()` stops
 * following tool changes, unloads the runtime and then runs `remove` (what only this kind of
 * host needs undone), once.
 *
 * @example
 * ```ts
 * return createAttachedTools(runtime, unsubscribe, () => restoreHandlers(server));
 * ```
 */
export function createAttachedTools(
  runtime: Pick<ServerRuntime, 'front' | 'unload'>,
  unsubscribe: () => void,
  remove: () => void,
): AttachedTools {
  let attached = true;
  return {
    get tools() {
      return attached ? runtime.front.list() : [];
    },
    detach() {
      if (!attached) return;
      attached = false;
      unsubscribe();
      runtime.unload();
      remove();
    },
  };
}
