import type { ServerCapabilities } from '@modelcontextprotocol/server';
import type { McpSurfaceOptions } from './mcp-surface-options.js';

/**
 * The capabilities the frame of a surface of `options` declares: tools (with `listChanged`
 * under `dynamic`) and logging (modules log through `log()`). The features' parts declare the
 * rest (resources, prompts, completions, the extensions), merged in by the surface.
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
  };
}
