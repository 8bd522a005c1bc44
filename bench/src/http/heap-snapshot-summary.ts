/** The parts of a V8 `.heapsnapshot` a summary reads. */
export interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** One row of a heap summary: a constructor (or a kind of node), how many, how many bytes. */
export interface HeapRow {
  name: string;
  count: number;
  selfBytes: number;
}

/**
 * Objects by constructor name (other nodes by kind: strings, code, closures...), their count and
 * their own size, largest first, from a heap snapshot (`--heapsnapshot-signal`).
 *
 * @example
 * ```ts
 * const rows = summarizeHeapSnapshot(JSON.parse(readFileSync(file, 'utf8')));
 * ```
 */
export function summarizeHeapSnapshot(heap: HeapSnapshot): HeapRow[] {
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const rows = new Map<string, HeapRow>();
  for (let at = 0; at < heap.nodes.length; at += width) {
    const type = types[heap.nodes[at + typeAt] as number] ?? 'unknown';
    const name =
      type === 'object' || type === 'closure'
        ? `${heap.strings[heap.nodes[at + nameAt] as number]}${type === 'closure' ? ' (closure)' : ''}`
        : `(${type})`;
    const row = rows.get(name) ?? { name, count: 0, selfBytes: 0 };
    row.count += 1;
    row.selfBytes += heap.nodes[at + sizeAt] as number;
    rows.set(name, row);
  }
  return [...rows.values()].sort((a, b) => b.selfBytes - a.selfBytes);
}

/**
 * The heap summary as text: total, then the `top` rows.
 *
 * @example
 * ```ts
 * console.log(formatHeapSummary(rows, 40));
 * ```
 */
export function formatHeapSummary(rows: readonly HeapRow[], top: number): string {
  const total = rows.reduce((sum, row) => sum + row.selfBytes, 0);
  return [
    `heap ${(total / 2 ** 20).toFixed(1)} MiB in snapshot`,
    ...rows
      .slice(0, top)
      .map(
        (row) =>
          `${(row.selfBytes / 1024).toFixed(0).padStart(8)} KiB ${String(row.count).padStart(8)}  ${row.name}`,
      ),
  ].join('\n');
}
