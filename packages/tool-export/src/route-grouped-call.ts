import { ACTION_FIELD } from '@apcore-mcp/annotations';
import type { JsonSchema } from '@apcore-mcp/core';

/**
 * The grouped tools of an export: by tool name, each action's module id.
 *
 * @example
 * ```ts
 * const groups: ToolGroups = { orders: { place_order: 'orders.place_order', cancel_order: 'orders.cancel_order' } };
 * ```
 */
export type ToolGroups = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * Where a call of a grouped tool goes: the module and its arguments, or why it cannot run.
 *
 * @example
 * ```ts
 * const routed: GroupedCallRoute = { moduleId: 'orders.place_order', arguments: { item: 'pen' } };
 * ```
 */
export type GroupedCallRoute =
  | { moduleId: string; action: string; arguments: Record<string, unknown> }
  | { problem: string };

function declaredFields(schema: JsonSchema | null | undefined): ReadonlySet<string> {
  const properties = schema?.properties;
  return new Set(
    typeof properties === 'object' && properties !== null ? Object.keys(properties) : [],
  );
}

function requiredFields(schema: JsonSchema | null | undefined): ReadonlySet<string> {
  const required = schema?.required;
  return new Set(
    Array.isArray(required) ? required.filter((name) => typeof name === 'string') : [],
  );
}

/**
 * Routes a call of a grouped tool back to its module: the `action` names the module (a
 * missing or unknown one is a problem listing the available actions), the other arguments are
 * that module's. A strict-mode model sends every field, `null` for those it leaves out: a `null`
 * field the action does not require is dropped; any other field it does not declare is a
 * problem naming it (never passed on silently).
 *
 * @example
 * ```ts
 * routeGroupedCall('orders', { action: 'get', id: 'o-1', item: null }, groups, (id) => registry.getDefinition(id)?.inputSchema);
 * // { moduleId: 'orders.get', action: 'get', arguments: { id: 'o-1' } }
 * ```
 */
export function routeGroupedCall(
  name: string,
  args: Record<string, unknown>,
  groups: ToolGroups,
  schemaOf: (moduleId: string) => JsonSchema | null | undefined,
): GroupedCallRoute {
  const actions = groups[name] ?? {};
  const { [ACTION_FIELD]: action, ...rest } = args;
  const available = `Available actions: ${Object.keys(actions).join(', ')}`;
  const moduleId =
    typeof action === 'string' && Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (moduleId === undefined || typeof action !== 'string') {
    const problem =
      action === undefined || action === null
        ? `${ACTION_FIELD} is required`
        : `Unknown ${ACTION_FIELD} ${JSON.stringify(action)}`;
    return { problem: `[${name}] ${problem}. ${available}` };
  }
  const schema = schemaOf(moduleId);
  const declared = declaredFields(schema);
  const required = requiredFields(schema);
  const inputs: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [field, value] of Object.entries(rest)) {
    // Strict mode makes optional fields nullable: null is how the model leaves one out.
    if (value === null && !required.has(field)) continue;
    if (declared.has(field)) inputs[field] = value;
    else unknown.push(field);
  }
  if (unknown.length > 0) {
    return {
      problem: `[${name}/${action}] Unknown field${unknown.length === 1 ? '' : 's'} for ${action}: ${unknown.join(', ')}`,
    };
  }
  return { moduleId, action, arguments: inputs };
}
