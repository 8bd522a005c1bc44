/**
 * The flat `_meta` key older hosts read a tool's UI resource from (besides `_meta.ui`): the
 * MCP Apps extension's name, written out here (and checked against
 * `@modelcontextprotocol/ext-apps` in the tests) rather than imported, as the apps feature's.
 *
 * @example
 * ```ts
 * meta[LEGACY_UI_RESOURCE_URI_KEY] = 'ui://shop.card/card.html';
 * ```
 */
export const LEGACY_UI_RESOURCE_URI_KEY = 'ui/resourceUri';
