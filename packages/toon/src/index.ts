// Any new export added here becomes public API: named exports only, no wildcards.
export {
  type ActionTable,
  type ActionTableRow,
  encodeActionTable,
} from './encode-action-table.js';
