import type { ToolGroups } from '@apcore-mcp/tool-export';

export { type GroupedCallRoute, routeGroupedCall } from '@apcore-mcp/tool-export';

/**
 * The grouped functions of an export: by function name, each action's module id.
 *
 * @example
 * ```ts
 * const groups: OpenaiToolGroups = { orders: { place_order: 'orders.place_order', cancel_order: 'orders.cancel_order' } };
 * ```
 */
export type OpenaiToolGroups = ToolGroups;
