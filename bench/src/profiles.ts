import type { BuildToolsOptions } from './figures/build-tools.js';
import type { CallOverheadOptions } from './figures/call-overhead.js';
import type { CliStartupOptions } from './figures/cli-startup.js';
import type { EventsOptions } from './figures/events.js';
import type { ExportFormatsOptions } from './figures/export-formats.js';
import type { HeapRetainedOptions } from './figures/heap-retained.js';
import type { HttpLoadOptions } from './figures/http-load.js';
import type { InMemoryCallsOptions } from './figures/in-memory-calls.js';
import type { TasksOptions } from './figures/tasks.js';
import type { ToolSearchOptions } from './figures/tool-search.js';
import type { ToolsListSizeOptions } from './figures/tools-list-size.js';

/** Sizes and repetitions of every figure for one kind of run. */
export interface BenchProfile {
  name: 'full' | 'smoke';
  buildTools: BuildToolsOptions;
  callOverhead: CallOverheadOptions;
  inMemoryCalls: InMemoryCallsOptions;
  httpLoad: HttpLoadOptions;
  heapRetained: HeapRetainedOptions;
  cliStartup: CliStartupOptions;
  toolsListSize: ToolsListSizeOptions;
  toolSearch: ToolSearchOptions;
  tasks: TasksOptions;
  events: EventsOptions;
  exportFormats: ExportFormatsOptions;
}

/** The sizes the targets are stated for, with enough repetitions for stable medians. */
export const FULL_PROFILE: BenchProfile = {
  name: 'full',
  buildTools: { sizes: [100, 1000, 10_000], warmups: 3, samples: 15, minSampleMs: 40 },
  callOverhead: { registrySize: 100, calls: 10_000, warmups: 2, samples: 15 },
  inMemoryCalls: { registrySize: 100, calls: 500, warmups: 4, samples: 31 },
  httpLoad: {
    registrySize: 100,
    eras: ['2025-11-25', '2026-07-28'],
    shapes: [
      { clients: 10, callsPerClient: 200 },
      { clients: 100, callsPerClient: 30 },
      { clients: 10, callsPerClient: 200, sharedSession: true },
      { clients: 100, callsPerClient: 30, sharedSession: true },
    ],
    // Nine loads a shape: on a shared machine the median of five pairs still swings by a tenth.
    samples: 9,
    deadlineMs: 120_000,
  },
  heapRetained: { sizes: [100, 1000], samples: 5 },
  cliStartup: {
    base: { moduleCount: 100, samples: 7 },
    large: { moduleCount: 1000, samples: 5 },
  },
  toolsListSize: { moduleCount: 1000 },
  toolSearch: { registrySize: 1000, queries: 40, rounds: 5 },
  tasks: {
    registrySize: 100,
    inFlight: 10,
    loadSize: 1000,
    samples: 7,
    // Enough completed tasks that what they hold stands well out of the RSS's noise.
    heldCalls: 5000,
    rssSamples: 3,
    deadlineMs: 120_000,
  },
  events: { registrySize: 100, inFlight: 10, loadSize: 1000, samples: 5, deadlineMs: 60_000 },
  exportFormats: { sizes: [100, 1000], warmups: 3, samples: 15, minSampleMs: 40 },
};

/**
 * Tiny sizes, one repetition: checks in seconds that every figure runs and nothing errors.
 * Its timings mean nothing and never fail it; its deadlines are wide because it runs beside the
 * rest of the suite on a busy machine.
 */
export const SMOKE_PROFILE: BenchProfile = {
  name: 'smoke',
  buildTools: { sizes: [10, 50], warmups: 1, samples: 1 },
  callOverhead: { registrySize: 10, calls: 200, warmups: 1, samples: 1 },
  inMemoryCalls: { registrySize: 10, calls: 50, warmups: 1, samples: 1 },
  httpLoad: {
    registrySize: 10,
    eras: ['2025-11-25', '2026-07-28'],
    shapes: [
      { clients: 2, callsPerClient: 5 },
      { clients: 5, callsPerClient: 3 },
      { clients: 5, callsPerClient: 3, sharedSession: true },
    ],
    samples: 1,
    deadlineMs: 60_000,
  },
  heapRetained: { sizes: [10, 20], samples: 1 },
  cliStartup: {
    base: { moduleCount: 10, samples: 1 },
    large: { moduleCount: 30, samples: 1 },
  },
  toolsListSize: { moduleCount: 20 },
  toolSearch: { registrySize: 100, queries: 5, rounds: 1 },
  tasks: {
    registrySize: 10,
    inFlight: 2,
    loadSize: 10,
    samples: 1,
    heldCalls: 10,
    rssSamples: 1,
    deadlineMs: 60_000,
  },
  events: { registrySize: 10, inFlight: 2, loadSize: 10, samples: 1, deadlineMs: 60_000 },
  exportFormats: { sizes: [10, 50], warmups: 1, samples: 1 },
};
