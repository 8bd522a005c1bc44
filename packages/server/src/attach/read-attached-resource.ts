import { ResourceNotFoundError as SdkResourceNotFoundError } from '@modelcontextprotocol/server';
import type { ToolSource } from '../kernel/served-tool.js';
import type { ServerRuntime } from '../lifecycle/server-runtime.js';
import { toResourceReadError } from '../protocol/resource-read-failure.js';
import type { McpReadResourceResult } from '../resources/mcp-resource.js';

/**
 * Reads one of the resources an attached registry serves (a `docs://` page or a `ui://` UI, as
 * `visible` shows the modules); `undefined` when `uri` is none of them. A failing read is
 * answered as `serve()` answers it: a file that is gone or outside its folder is "resource
 * not found", anything else "Internal error occurred", the detail logged.
 *
 * @example
 * ```ts
 * const result = await readAttachedResource(runtime, 'ui://shop.card/card.html');
 * ```
 */
export async function readAttachedResource(
  runtime: ServerRuntime,
  uri: string,
  visible?: ToolSource,
): Promise<McpReadResourceResult | undefined> {
  try {
    return runtime.resources.read(uri, visible) ?? (await runtime.apps.read(uri, visible));
  } catch (error) {
    const notFound = () => new SdkResourceNotFoundError(uri, `Resource not found: ${uri}`);
    throw toResourceReadError(error, { uri, logger: runtime.logger, notFound });
  }
}
