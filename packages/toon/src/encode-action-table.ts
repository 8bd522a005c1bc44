import { encode } from '@toon-format/toon';

/**
 * One row of a grouped tool's action table: the action, the first line of its description, its
 * required fields (space separated, `''` when none) and whether it destroys anything. The shape
 * `@apcore-mcp/annotations` and `@apcore-mcp/openai` hand to an `encodeTable` function.
 *
 * @example
 * ```ts
 * const row: ActionTableRow = { action: 'get', desc: 'Get one', required: 'id', destructive: false };
 * ```
 */
export interface ActionTableRow {
  action: string;
  desc: string;
  required: string;
  destructive: boolean;
}

/**
 * A grouped tool's action table, one row per action.
 *
 * @example
 * ```ts
 * const table: ActionTable = { actions: [{ action: 'get', desc: 'Get one', required: 'id', destructive: false }] };
 * ```
 */
export interface ActionTable {
  actions: readonly ActionTableRow[];
}

/**
 * Encodes a grouped tool's action table as TOON: one header naming the columns, then one row per
 * action, which takes fewer tokens than a workflow line per action. Pass it as the `encodeTable`
 * of `@apcore-mcp/openai`'s `toOpenaiTools` (or of `composeGroupedTool`).
 *
 * @example
 * ```ts
 * encodeActionTable({ actions: [{ action: 'get', desc: 'Get one', required: 'id', destructive: false }] });
 * // 'actions[1]{action,desc,required,destructive}:\n  get,Get one,id,false'
 * ```
 */
export function encodeActionTable(table: ActionTable): string {
  return encode(table);
}
