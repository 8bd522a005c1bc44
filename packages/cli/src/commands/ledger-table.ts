import type { LedgerRecord } from '@apcore-mcp/server/governance';

/** The widest arguments column before it is cut short. */
const MAX_ARGUMENTS_WIDTH = 60;

/** Column widths fixed up front: `--follow` prints rows one at a time and they must line up. */
const COLUMNS = [
  { title: 'TIME', width: 24 },
  { title: 'SUBJECT', width: 16 },
  { title: 'TOOL', width: 24 },
  { title: 'OUTCOME', width: 23 },
  { title: 'MS', width: 9, right: true },
  { title: 'COST', width: 6, right: true },
  { title: 'ARGUMENTS', width: 0 },
] as const;

function formatRow(cells: readonly string[]): string {
  return `${COLUMNS.map((column, index) => {
    const cell = cells[index] ?? '';
    if (column.width === 0) return cell;
    return 'right' in column ? cell.padStart(column.width) : cell.padEnd(column.width);
  })
    .join('  ')
    .trimEnd()}\n`;
}

function formatArguments(args: Readonly<Record<string, unknown>>): string {
  const text = JSON.stringify(args);
  return text.length > MAX_ARGUMENTS_WIDTH ? `${text.slice(0, MAX_ARGUMENTS_WIDTH - 1)}…` : text;
}

/** The header line of the ledger table. */
export function formatLedgerHeader(): string {
  return formatRow(COLUMNS.map((column) => column.title));
}

/** One record as a row of the ledger table. */
export function formatLedgerRow(record: LedgerRecord): string {
  return formatRow([
    record.time,
    record.subject,
    record.tool,
    record.outcome,
    record.durationMs.toFixed(1),
    String(record.cost),
    formatArguments(record.arguments),
  ]);
}
