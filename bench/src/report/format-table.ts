import type { Figure } from './figure.js';
import type { MachineInfo } from './machine-info.js';

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

/**
 * A value with its unit; bytes are shown in KiB, the size such figures have.
 *
 * @example
 * ```ts
 * formatValue(2048, 'bytes'); // '2.00 KiB'
 * ```
 */
export function formatValue(value: number, unit: string): string {
  if (unit === 'bytes') return `${formatNumber(value / 1024)} KiB`;
  if (unit === 'x') return `${formatNumber(value)}x`;
  return `${formatNumber(value)} ${unit}`;
}

function verdict(figure: Figure): string {
  if (figure.errors > 0) return `ERROR (${figure.errors})`;
  if (figure.pass === null) return 'info';
  return figure.pass ? 'pass' : 'MISS';
}

function toRow(figure: Figure): string[] {
  return [
    figure.name,
    formatValue(figure.ours, figure.unit),
    formatValue(figure.baseline, figure.unit),
    `${formatNumber(figure.ratio)}x`,
    figure.target ?? '-',
    verdict(figure),
  ];
}

/**
 * The figures as a Markdown table, columns padded so it reads as well in a terminal as in a
 * README.
 *
 * @example
 * ```ts
 * console.log(formatTable(report.figures));
 * ```
 */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['Figure', 'Ours', 'Baseline', 'Ratio', 'Target', 'Result'];
  const rows = [header, ...figures.map(toRow)];
  const widths = header.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] as string).length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(header), rule, ...rows.slice(1).map(line)].join('\n');
}

/**
 * One line naming the machine, for under the table.
 *
 * @example
 * ```ts
 * describeMachineLine(report.machine); // 'AMD EPYC, 2 cores, 7.8 GiB, linux ..., node v20.20.2, 2025-...'
 * ```
 */
export function describeMachineLine(machine: MachineInfo): string {
  const memory = `${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB`;
  return `${machine.cpu}, ${machine.cores} cores, ${memory}, ${machine.os}, node ${machine.node}, ${machine.date}`;
}
