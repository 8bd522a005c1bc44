/**
 * Lays rows out in columns separated by two spaces, headers first; the last column is not
 * padded (no trailing blanks).
 *
 * @example
 * ```ts
 * formatTable(['ID', 'TITLE'], [['math.add', 'Add']]);
 * // 'ID        TITLE\nmath.add  Add\n'
 * ```
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const formatRow = (row: readonly string[]): string =>
    headers
      .map((_header, column) => {
        const cell = row[column] ?? '';
        return column === headers.length - 1 ? cell : cell.padEnd(widths[column] ?? 0);
      })
      .join('  ')
      .trimEnd();
  return `${[headers, ...rows].map(formatRow).join('\n')}\n`;
}
