// Child process entry, run with --expose-gc: builds the MCP tools of a workload registry and
// prints, as one JSON line, the heap they retain and the size of their JSON text.
// Usage: node --expose-gc --import tsx src/figures/heap-child.ts <modules> <samples>
import { inspectServer } from '@apcore-mcp/server';
import { median } from '../measure/stats.js';
import { createWorkloadRegistry } from '../workload/create-registry.js';

/** What this child prints. */
export interface HeapSample {
  /** Heap retained by the built tool list (median over the samples). */
  retainedBytes: number;
  /** Heap retained by the same list parsed back from its JSON text, for reference. */
  parsedRetainedBytes: number;
  /** Length of the tool list's JSON text, in bytes (UTF-8). */
  jsonBytes: number;
}

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');

/** Heap in use once everything unreachable is gone (two passes settle weak references). */
function settledHeap(): number {
  collect?.();
  collect?.();
  return process.memoryUsage().heapUsed;
}

/** The heap one result of `create()` keeps alive: `copies` results measured while referenced. */
async function retainedBy(create: () => unknown): Promise<number> {
  const keep: unknown[] = [];
  const before = settledHeap();
  for (let copy = 0; copy < copies; copy += 1) keep.push(await create());
  const after = settledHeap();
  keep.length = 0;
  return (after - before) / copies;
}

/**
 * Small lists are measured several at a time (and divided): a heap measurement moves by tens of
 * kilobytes on its own, as much as 100 tools take.
 */
const MIN_TOOLS_MEASURED = 2000;

const moduleCount = Number(process.argv[2] ?? 100);
const samples = Number(process.argv[3] ?? 3);
const copies = Math.max(1, Math.ceil(MIN_TOOLS_MEASURED / moduleCount));
const registry = createWorkloadRegistry(moduleCount);
// Unmeasured: code compiled and caches warm, so only the tools themselves are counted.
const { tools } = await inspectServer(registry);
const json = JSON.stringify(tools);
const retained: number[] = [];
const parsed: number[] = [];
// One unmeasured round first, so the first measurement pays for no compilation either.
for (let index = -1; index < samples; index += 1) {
  if (index < 0) {
    await retainedBy(async () => (await inspectServer(registry)).tools);
    await retainedBy(() => JSON.parse(json) as unknown);
    continue;
  }
  retained.push(await retainedBy(async () => (await inspectServer(registry)).tools));
  parsed.push(await retainedBy(() => JSON.parse(json) as unknown));
}
const sample: HeapSample = {
  retainedBytes: median(retained),
  parsedRetainedBytes: median(parsed),
  jsonBytes: Buffer.byteLength(json),
};
process.stdout.write(`${JSON.stringify(sample)}\n`);
