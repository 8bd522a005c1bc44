import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { TASKS_EXTENSION } from '../kernel/task-results.js';
import type { McpSurfaceOptions } from './mcp-surface-options.js';

/**
 * The capabilities the frame of a surface of `options` declares: tools (with `listChanged`
 * under `dynamic`), logging (modules log through `log()`) and the tasks extension with an
 * engine. The features' parts declare the rest (resources, prompts, completions, their
 * extensions), merged in by the surface.
 *
 * @example
 * ```ts
 * const capabilities = surfaceCapabilities(options);
 * ```
 */
export function surfaceCapabilities(options: McpSurfaceOptions): ServerCapabilities {
  return {
    tools: { listChanged: options.listChanged ?? false },
    // Modules log through `log()`; the SDK then also answers `logging/setLevel` (2025).
    logging: {},
    ...(options.tasks === undefined ? {} : { extensions: { [TASKS_EXTENSION]: {} } }),
  };
}
