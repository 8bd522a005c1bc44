import { ACTION_FIELD, propertiesOf } from '@apcore-mcp/annotations';
import type { ModuleErrorLike } from '@apcore-mcp/core/bridge';
import type { ServedTool } from '../kernel/served-tool.js';
import type { ToolCallResult } from '../kernel/tool-call-result.js';
import { moduleNotFound } from '../kernel/tool-result.js';

/**
 * A tool call resolved to the module entry it runs: for a grouped tool, the action's own entry
 * (its module id and tool definition) and the arguments without `action`.
 *
 * @example
 * ```ts
 * const routed: RoutedCall = routeToolCall('orders', table.get('orders'), { action: 'place_order', item: 'pen' });
 * routed.served?.moduleId; // 'orders.place_order'
 * ```
 */
export interface RoutedCall {
  /** The module entry, when known (even when the arguments are refused). */
  readonly served: ServedTool | undefined;
  readonly arguments: Record<string, unknown>;
  /** Whether the call came through a grouped tool (its input is then always checked). */
  readonly grouped: boolean;
  /** Prefix of the error texts (`[orders/place_order] `); `''` for plain tools. */
  readonly errorPrefix: string;
  /** Why the call cannot run, to be answered as a tool error. */
  readonly failure: ModuleErrorLike | undefined;
}

function invalidInput(message: string, details: Record<string, unknown>): ModuleErrorLike {
  return { code: 'GENERAL_INVALID_INPUT', message, details };
}

/** Fields the action's own schema does not declare: refused, never silently dropped or passed. */
function findUnknownFields(served: ServedTool, args: Record<string, unknown>): string[] {
  const known = propertiesOf(served.tool.inputSchema);
  return Object.keys(args).filter((field) => !Object.hasOwn(known, field));
}

function routeGroupedCall(
  name: string,
  actions: ReadonlyMap<string, ServedTool>,
  args: Record<string, unknown>,
): RoutedCall {
  const { [ACTION_FIELD]: action, ...rest } = args;
  const available =
    actions.size === 0
      ? 'No action is available to this caller'
      : `Available actions: ${[...actions.keys()].join(', ')}`;
  const served = typeof action === 'string' ? actions.get(action) : undefined;
  if (served === undefined || typeof action !== 'string') {
    const message =
      action === undefined
        ? `${ACTION_FIELD} is required. ${available}`
        : `Unknown ${ACTION_FIELD} ${JSON.stringify(action)}. ${available}`;
    const failure = invalidInput(message, { tool: name, available: [...actions.keys()] });
    return {
      served: undefined,
      arguments: rest,
      grouped: true,
      errorPrefix: `[${name}] `,
      failure,
    };
  }
  const unknown = findUnknownFields(served, rest);
  const accepted = Object.keys(propertiesOf(served.tool.inputSchema));
  const failure =
    unknown.length === 0
      ? undefined
      : invalidInput(
          `Unknown field${unknown.length === 1 ? '' : 's'} for ${action}: ${unknown.join(', ')}. ` +
            `Its fields: ${accepted.length === 0 ? '(none)' : accepted.join(', ')}`,
          { action, unknownFields: unknown },
        );
  return { served, arguments: rest, grouped: true, errorPrefix: `[${name}/${action}] `, failure };
}

/**
 * Resolves a call of the tool `name` (the entry `listed` under that name, if any): a plain
 * tool runs as listed; a grouped tool runs its action's module with the arguments without
 * `action`. A missing or unknown action, or a field the action's schema does not declare, is a
 * failure (`GENERAL_INVALID_INPUT`) listing what is accepted. Never throws.
 *
 * @example
 * ```ts
 * routeToolCall('orders', table.get('orders'), {}).failure?.message;
 * // 'action is required. Available actions: place_order, cancel_order'
 * ```
 */
export function routeToolCall(
  name: string,
  listed: ServedTool | undefined,
  args: Record<string, unknown>,
): RoutedCall {
  if (listed?.actions !== undefined) return routeGroupedCall(name, listed.actions, args);
  const failure = listed === undefined ? moduleNotFound(name) : undefined;
  return { served: listed, arguments: args, grouped: false, errorPrefix: '', failure };
}

/**
 * An error result with the grouped call's prefix on its text (`[orders/cancel_order] Access
 * denied`), so a model sees at once which action failed; other results are returned unchanged.
 *
 * @example
 * ```ts
 * withErrorPrefix(result, routed.errorPrefix);
 * ```
 */
export function withErrorPrefix(result: ToolCallResult, prefix: string): ToolCallResult {
  if (prefix === '' || result.isError !== true) return result;
  const content = result.content.map((block) =>
    block.type === 'text' ? { ...block, text: `${prefix}${block.text}` } : block,
  );
  return { ...result, content };
}

/**
 * {@link routeToolCall} for a caller who may see only part of the tools. A grouped call that
 * fails to name a valid action is answered with the actions of `shown` (the group as this caller
 * sees it; `undefined`: none of them), so a caller never learns the names of actions its ACL
 * hides. A valid action the caller may not call still routes, and the executor refuses it.
 *
 * @example
 * ```ts
 * routeCallerToolCall('orders', table.get('orders'), { action: 'x' }, () => view.get('orders'));
 * ```
 */
export function routeCallerToolCall(
  name: string,
  listed: ServedTool | undefined,
  args: Record<string, unknown>,
  shown: (() => ServedTool | undefined) | undefined,
): RoutedCall {
  const routed = routeToolCall(name, listed, args);
  if (routed.failure === undefined || listed?.actions === undefined || shown === undefined) {
    return routed;
  }
  return routeToolCall(name, shown() ?? { ...listed, actions: new Map() }, args);
}
