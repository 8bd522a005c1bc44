import type { ModuleUi } from '@apcore-mcp/core/bridge';

/**
 * The MCP Apps extension's identifier, under `capabilities.extensions`. Its names are written
 * out here (and checked against `@modelcontextprotocol/ext-apps` in the tests) rather
 * than imported: that package brings peers (its client and core) a server does not need.
 */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App's HTML resource. */
export const APP_RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * What a UI resource's `_meta.ui` carries: its CSP, the permissions it asks for, its border
 * preference (the extension's `McpUiResourceMeta`, as far as modules declare it).
 *
 * @example
 * ```ts
 * const meta: UiResourceMeta = { prefersBorder: true };
 * ```
 */
export type UiResourceMeta = Pick<ModuleUi, 'csp' | 'permissions' | 'prefersBorder'>;
