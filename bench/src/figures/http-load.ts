import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createBaselineTools } from '../baseline/baseline-tools.js';
import { BASELINE_V2_HTTP_ARGUMENTS } from '../baseline/baseline-v2-http-script.js';
import type { LoadEra } from '../http/load-sessions.js';
import { OURS_HTTP_ARGUMENTS } from '../http/ours-http-script.js';
import { type LoadResult, runClientLoad } from '../http/run-client-load.js';
import { median, pairedRatio, percentile } from '../measure/stats.js';
import { spawnTracked, stopChild, waitForListening } from '../process/children.js';
import { readRss } from '../process/read-rss.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createTempDir } from '../temp-dir.js';
import { createModuleSpecs } from '../workload/module-specs.js';

/** One load shape of {@link measureHttpLoad}. */
export interface HttpLoadShape {
  clients: number;
  callsPerClient: number;
  /** All clients call through one 2025-11-25 session; a revision without sessions skips it. */
  sharedSession?: boolean;
}

/** Shapes and sampling of {@link measureHttpLoad}. */
export interface HttpLoadOptions {
  /** Modules served (and tools in the baseline). */
  registrySize: number;
  /** The protocol revisions the clients speak, one set of figures each; both servers serve all. */
  eras: readonly LoadEra[];
  shapes: readonly HttpLoadShape[];
  /** Measured loads per shape and server, after one short unmeasured load each. */
  samples: number;
  /** Bound on every single load. */
  deadlineMs: number;
}

/** Target: at least this share of the hand-written server's calls per second, and no errors. */
const TARGET_RATIO = 0.9;
/** Goal: the server's resident set after a load at most this many times the baseline's. */
const RSS_GOAL_RATIO = 1.3;
/** How long a server child may take to start listening. */
const START_TIMEOUT_MS = 60_000;

interface Contender {
  /** `ours-metrics`: ours with `metrics: true`, every call counted and timed by prom-client. */
  name: 'ours' | 'ours-metrics' | 'baseline';
  child: ChildProcess;
  url: string;
}

async function startContenders(registrySize: number): Promise<Contender[]> {
  const dir = await createTempDir('apcore-mcp-bench-http-');
  const toolsFile = `${dir.path}/tools.json`;
  const modulesFile = `${dir.path}/modules.json`;
  await writeFile(toolsFile, JSON.stringify(createBaselineTools(registrySize)));
  await writeFile(modulesFile, JSON.stringify(createModuleSpecs(registrySize)));
  const spawnOurs = (metrics: boolean) =>
    spawnTracked(process.execPath, OURS_HTTP_ARGUMENTS, {
      env: { ...process.env, BENCH_MODULES_FILE: modulesFile, BENCH_METRICS: metrics ? '1' : '0' },
    });
  const children = {
    ours: spawnOurs(false),
    'ours-metrics': spawnOurs(true),
    baseline: spawnTracked(process.execPath, BASELINE_V2_HTTP_ARGUMENTS, {
      env: { ...process.env, BASELINE_TOOLS_FILE: toolsFile, BASELINE_PORT: '0' },
    }),
  };
  const entries = Object.entries(children) as [Contender['name'], ChildProcess][];
  try {
    const ports = await Promise.all(
      entries.map(([, child]) => waitForListening(child, START_TIMEOUT_MS)),
    );
    return entries.map(([name, child], index) => ({
      name,
      child,
      url: `http://127.0.0.1:${ports[index]}/mcp`,
    }));
  } catch (error) {
    await Promise.all(entries.map(([, child]) => stopChild(child)));
    throw error;
  } finally {
    await dir.remove();
  }
}

/** What the loads of one era and shape measured, per server. */
interface ShapeResults {
  loads: Record<Contender['name'], LoadResult[]>;
  /** RSS of ours and the baseline right after each of their loads, in MiB. */
  rssMiB: Record<'ours' | 'baseline', number[]>;
  warmupErrors: number;
}

/** The RSS figure of one era and shape: ours against the baseline, after the same loads. */
function rssFigure(label: string, key: string, results: ShapeResults): Figure {
  const { ours, baseline } = results.rssMiB;
  const ratio = pairedRatio(ours, baseline);
  return createFigure({
    id: `${key}.rss`,
    name: `${label}: server RSS after the load`,
    unit: 'MiB',
    ours: median(ours),
    baseline: median(baseline),
    ratio,
    target: { text: `goal <= ${RSS_GOAL_RATIO}x`, met: ratio <= RSS_GOAL_RATIO },
  });
}

function summarize(era: LoadEra, shape: HttpLoadShape, shapeResults: ShapeResults): Figure[] {
  const { loads: results, warmupErrors } = shapeResults;
  const rates = (name: Contender['name']) =>
    results[name].map((result) => result.succeeded / (result.durationMs / 1000));
  const rate = (name: Contender['name']) => median(rates(name));
  const latencies = (name: Contender['name']) =>
    results[name].flatMap((result) => result.latenciesMs);
  const errors = Object.values(results)
    .flat()
    .reduce((sum, result) => sum + result.errors, warmupErrors);
  const shared = shape.sharedSession === true;
  const label = `Streamable HTTP ${era}, ${shape.clients} clients x ${shape.callsPerClient} calls${shared ? ' on one session' : ''}`;
  const key = `http.${era.slice(0, 4)}.c${shape.clients}${shared ? '.shared' : ''}`;
  const throughput = (name: 'ours' | 'ours-metrics', id: string, suffix: string) => {
    const ratio = pairedRatio(rates(name), rates('baseline'));
    return createFigure({
      id,
      name: `${label}: throughput${suffix}`,
      unit: 'calls/s',
      ours: rate(name),
      baseline: rate('baseline'),
      ratio,
      target: { text: `>= ${TARGET_RATIO}x, 0 errors`, met: ratio >= TARGET_RATIO },
      errors,
    });
  };
  return [
    throughput('ours', `${key}.throughput`, ''),
    throughput('ours-metrics', `${key}.metrics.throughput`, ', metrics on'),
    ...([0.5, 0.99] as const).map((fraction) =>
      createFigure({
        id: `${key}.p${fraction * 100}`,
        name: `${label}: p${fraction * 100} latency`,
        unit: 'ms',
        ours: percentile(latencies('ours'), fraction),
        baseline: percentile(latencies('baseline'), fraction),
      }),
    ),
    rssFigure(label, key, shapeResults),
  ];
}

/** One era and shape: a checked warm-up load on each server, then loads alternating between them. */
async function measureShape(
  contenders: readonly Contender[],
  era: LoadEra,
  shape: HttpLoadShape,
  options: HttpLoadOptions,
): Promise<Figure[]> {
  const load = { ...shape, era, deadlineMs: options.deadlineMs };
  // Unmeasured (but checked): connections, JIT and both servers warm before the first sample.
  let warmupErrors = 0;
  for (const contender of contenders) {
    const warmup = await runClientLoad({
      ...load,
      url: contender.url,
      callsPerClient: Math.min(5, shape.callsPerClient),
    });
    warmupErrors += warmup.errors;
  }
  const results: ShapeResults = {
    loads: { ours: [], 'ours-metrics': [], baseline: [] },
    rssMiB: { ours: [], baseline: [] },
    warmupErrors,
  };
  for (let round = 0; round < options.samples; round += 1) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const { name, child, url } of order) {
      results.loads[name].push(await runClientLoad({ ...load, url }));
      // Read from outside, right after the load, before the next one starts anywhere.
      if (name !== 'ours-metrics') results.rssMiB[name].push((await readRss(child.pid)) / 2 ** 20);
    }
  }
  return summarize(era, shape, results);
}

/**
 * Figure 4: ours (`startServer` over Streamable HTTP) and the hand-written server on the SDK's
 * 2.x packages, each in its own process on 127.0.0.1 and each serving both protocol revisions,
 * under the same bounded loads for every era: N SDK clients of that era (2025-11-25: the 1.x
 * client, a session each, or one session for all in a `sharedSession` shape; 2026-07-28: the
 * 2.x client, no session), all calling at once. Ours
 * runs twice, once with Prometheus metrics on (`metrics: true`). The servers start once; loads
 * alternate between them. The throughput is the median of the loads,
 * the latencies are pooled over them. Right after each load the loaded server's resident set
 * (RSS) is read from outside its process; the RSS figure is the median of those reads.
 *
 * @example
 * ```ts
 * const figures = await measureHttpLoad({ registrySize: 100, eras: ['2025-11-25', '2026-07-28'], shapes: [{ clients: 10, callsPerClient: 100 }], samples: 3, deadlineMs: 60_000 });
 * ```
 */
export async function measureHttpLoad(options: HttpLoadOptions): Promise<Figure[]> {
  const contenders = await startContenders(options.registrySize);
  try {
    const figures: Figure[] = [];
    for (const era of options.eras) {
      // 2026-07-28 has no sessions to share.
      const shapes = options.shapes.filter((shape) => era === '2025-11-25' || !shape.sharedSession);
      for (const shape of shapes) {
        figures.push(...(await measureShape(contenders, era, shape, options)));
      }
    }
    return figures;
  } finally {
    await Promise.all(contenders.map((contender) => stopChild(contender.child)));
  }
}
