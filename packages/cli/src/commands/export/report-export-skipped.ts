import type { CliIo } from '../../io.js';
import { formatSkippedEntry, type SkippedEntry } from '../load-modules-for-listing.js';
import type { FormatSkippedModule } from './export-formats.js';

/**
 * Writes what an export left out to stderr: the files that did not load as every listing
 * reports them, then each module once, on its own line, with all its reasons indented under it.
 *
 * @example
 * ```ts
 * reportExportSkipped([], [{ moduleId: 'orders.place', reasons: ['"minLength" ...'] }], io);
 * // Skipped 1 entry:
 * //   orders.place:
 * //     "minLength" ...
 * ```
 */
export function reportExportSkipped(
  files: readonly SkippedEntry[],
  modules: readonly FormatSkippedModule[],
  io: CliIo,
): void {
  const count = files.length + modules.length;
  if (count === 0) return;
  const lines = [`Skipped ${count} ${count === 1 ? 'entry' : 'entries'}:`];
  for (const entry of files) lines.push(`  ${formatSkippedEntry(entry)}`);
  for (const { moduleId, reasons } of modules) {
    lines.push(`  ${moduleId}:`);
    for (const reason of reasons) {
      for (const line of reason.split('\n')) lines.push(`    ${line}`);
    }
  }
  io.stderr.write(`${lines.join('\n')}\n`);
}
