import { normalizeAnnotations } from '../normalize-annotations.js';
import { type GroupAction, requiredFieldsOf } from './group-action.js';
import { ACTION_FIELD } from './merge-action-schemas.js';

/**
 * One row of the action table of a grouped tool's description.
 *
 * @example
 * ```ts
 * const row: ActionRow = { action: 'cancel_order', desc: 'Cancel an order', required: 'id', destructive: true };
 * ```
 */
export interface ActionRow {
  action: string;
  /** The first line of the module's description. */
  desc: string;
  /** The required fields, separated by spaces ('' when none). */
  required: string;
  destructive: boolean;
}

/**
 * Encodes the action table compactly (the server passes `@apcore-mcp/toon`'s
 * `encodeActionTable`); kept a parameter so this package needs no third-party code.
 *
 * @example
 * ```ts
 * import { encodeActionTable } from '@apcore-mcp/toon';
 * const encodeTable: EncodeActionTable = encodeActionTable;
 * ```
 */
export type EncodeActionTable = (table: { actions: ActionRow[] }) => string;

/**
 * Options of {@link describeGroup}.
 *
 * @example
 * ```ts
 * const options: DescribeGroupOptions = { group: 'orders', actions };
 * ```
 */
export interface DescribeGroupOptions {
  /** The group's name as shown to the model (its module id prefix, e.g. `orders`). */
  group: string;
  actions: readonly GroupAction[];
  /** When given, the action table is encoded with it instead of one workflow line per action. */
  encodeTable?: EncodeActionTable | undefined;
}

const DESTRUCTIVE_WARNING = '⚠️ DESTRUCTIVE';

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim().replace(/\.+$/, '');
}

/**
 * The rows of a group's action table, one per action.
 *
 * @example
 * ```ts
 * toActionRows(actions)[0]; // { action: 'place_order', desc: 'Place an order', required: 'item', destructive: false }
 * ```
 */
export function toActionRows(actions: readonly GroupAction[]): ActionRow[] {
  return actions.map((entry) => ({
    action: entry.action,
    desc: firstLine(entry.description),
    required: requiredFieldsOf(entry.inputSchema).join(' '),
    destructive: normalizeAnnotations(entry.annotations ?? null).destructive,
  }));
}

function workflowLine(row: ActionRow): string | undefined {
  const parts: string[] = [];
  if (row.desc !== '') parts.push(`${row.desc}.`);
  if (row.required !== '') parts.push(`Requires: ${row.required.split(' ').join(', ')}.`);
  if (row.destructive) parts.push(DESTRUCTIVE_WARNING);
  return parts.length === 0 ? undefined : `- ${row.action}: ${parts.join(' ')}`;
}

/**
 * The description of a grouped tool, from the grouped-tools generator: a summary line naming the
 * actions, then one workflow line per action with its description, required fields and a
 * `⚠️ DESTRUCTIVE` warning (actions with nothing to say are left out). With `encodeTable`, the
 * summary line is followed by the encoded action table (TOON: one header, one row per action).
 *
 * @example
 * ```ts
 * describeGroup({ group: 'orders', actions });
 * // 'orders: 2 actions, chosen by "action": place_order, cancel_order.\n'
 * // + '- place_order: Place an order. Requires: item.\n'
 * // + '- cancel_order: Cancel an order. Requires: id. ⚠️ DESTRUCTIVE'
 * ```
 */
export function describeGroup(options: DescribeGroupOptions): string {
  const { group, actions, encodeTable } = options;
  const rows = toActionRows(actions);
  const intro = `${group}: ${rows.length} actions, chosen by "${ACTION_FIELD}"`;
  if (encodeTable !== undefined) return `${intro}.\n${encodeTable({ actions: rows })}`;
  const summary = `${intro}: ${rows.map((row) => row.action).join(', ')}.`;
  const workflow = rows.flatMap((row) => workflowLine(row) ?? []);
  return [summary, ...workflow].join('\n');
}
