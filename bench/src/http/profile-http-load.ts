// `npx tsx src/http/profile-http-load.ts [--server ours|baseline] [--era 2025-11-25|2026-07-28]
//   [--clients 10] [--calls 200] [--loads 5] [--shared] [--heap] [--top 40]`
// Starts one server of figure 4 under `node --cpu-prof`, runs the same load as the figure
// against it, stops it, and writes the profile and a summary of where its time went (by area and
// by function, self and total time) into `bench/profiles/<server>-<era>-c<clients>-<time>/`,
// which git ignores; the summary is printed too. Open the `.cpuprofile` in Chrome DevTools or
// speedscope for a flame graph. `--heap` also writes a heap snapshot taken after the loads, and
// a summary of what it holds by constructor.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBaselineTools } from '../baseline/baseline-tools.js';
import { BASELINE_V2_HTTP_ARGUMENTS } from '../baseline/baseline-v2-http-script.js';
import { BENCH_DIR, spawnTracked, stopChild, waitForListening } from '../process/children.js';
import { readRss } from '../process/read-rss.js';
import { createModuleSpecs } from '../workload/module-specs.js';
import {
  type CpuProfile,
  formatProfileSummary,
  summarizeCpuProfile,
} from './cpu-profile-summary.js';
import { formatHeapSummary, summarizeHeapSnapshot } from './heap-snapshot-summary.js';
import type { LoadEra } from './load-sessions.js';
import { OURS_HTTP_ARGUMENTS } from './ours-http-script.js';
import { runClientLoad } from './run-client-load.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'ours' },
    era: { type: 'string', default: '2025-11-25' },
    clients: { type: 'string', default: '10' },
    calls: { type: 'string', default: '200' },
    loads: { type: 'string', default: '5' },
    shared: { type: 'boolean', default: false },
    heap: { type: 'boolean', default: false },
    top: { type: 'string', default: '40' },
  },
});
const era = values.era as LoadEra;
const clients = Number(values.clients);
const callsPerClient = Number(values.calls);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const dir = join(
  BENCH_DIR,
  'profiles',
  `${values.server}-${era}-c${clients}${values.shared ? '-shared' : ''}-${stamp}`,
);
await mkdir(dir, { recursive: true });

const modulesFile = join(dir, 'modules.json');
const toolsFile = join(dir, 'tools.json');
await writeFile(modulesFile, JSON.stringify(createModuleSpecs(100)));
await writeFile(toolsFile, JSON.stringify(createBaselineTools(100)));
const script = values.server === 'baseline' ? BASELINE_V2_HTTP_ARGUMENTS : OURS_HTTP_ARGUMENTS;
const child = spawnTracked(
  process.execPath,
  [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    ...(values.heap ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`] : []),
    ...script,
  ],
  {
    env: {
      ...process.env,
      BENCH_MODULES_FILE: modulesFile,
      BENCH_METRICS: '0',
      BASELINE_TOOLS_FILE: toolsFile,
      BASELINE_PORT: '0',
    },
  },
);
try {
  const port = await waitForListening(child, 60_000);
  const load = {
    url: `http://127.0.0.1:${port}/mcp`,
    era,
    clients,
    sharedSession: values.shared,
    deadlineMs: 120_000,
  };
  await runClientLoad({ ...load, callsPerClient: 5 });
  for (let index = 0; index < Number(values.loads); index += 1) {
    const result = await runClientLoad({ ...load, callsPerClient });
    const rate = result.succeeded / (result.durationMs / 1000);
    const rssMiB = (await readRss(child.pid)) / 2 ** 20;
    console.log(
      `load ${index + 1}: ${rate.toFixed(0)} calls/s, ${result.errors} errors, RSS ${rssMiB.toFixed(1)} MiB`,
    );
  }
  if (values.heap) {
    child.kill('SIGUSR2');
    const snapshot = await waitForFile(dir, '.heapsnapshot');
    const heapSummary = formatHeapSummary(
      summarizeHeapSnapshot(JSON.parse(await readFile(snapshot, 'utf8'))),
      Number(values.top),
    );
    await writeFile(join(dir, 'heap-summary.txt'), `${heapSummary}\n`);
    console.log(`\n${heapSummary}`);
  }
} finally {
  await stopChild(child, 10_000);
}
const profileFile = await waitForFile(dir, '.cpuprofile');
const profile = JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile;
const summary = formatProfileSummary(summarizeCpuProfile(profile), Number(values.top));
await writeFile(join(dir, 'cpu-summary.txt'), `${summary}\n`);
console.log(`\n${summary}\n\nwritten to ${dir}`);

/** The first file in `directory` ending in `suffix` whose size stopped growing. */
async function waitForFile(directory: string, suffix: string): Promise<string> {
  let lastSize = -1;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const name = (await readdir(directory)).find((file) => file.endsWith(suffix));
    if (name !== undefined) {
      const { size } = await stat(join(directory, name));
      if (size > 0 && size === lastSize) return join(directory, name);
      lastSize = size;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${suffix} file written in ${directory}`);
}
