import type { EncodeActionTable } from '@apcore-mcp/annotations';
import { encode } from '@toon-format/toon';

/**
 * Encodes a grouped tool's action table as TOON (one header naming the columns, one row per
 * action), which takes fewer tokens than a workflow line per action.
 *
 * @example
 * ```ts
 * encodeToonActionTable({ actions: [{ action: 'get', desc: 'Get one', required: 'id', destructive: false }] });
 * // 'actions[1]{action,desc,required,destructive}:\n  get,Get one,id,false'
 * ```
 */
export const encodeToonActionTable: EncodeActionTable = (table) => encode(table);
