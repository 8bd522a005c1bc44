import { type LoadResult, runClientLoad } from '../http/run-client-load.js';
import {
  IN_MEMORY_TASK_SERVER,
  REDIS_TASK_SERVER,
  type TaskServer,
  type TaskServerVariant,
} from '../http/task-servers.js';
import { openTaskLoadSession, type TaskLoadKind } from '../http/task-sessions.js';
import { median, pairedRatio } from '../measure/stats.js';
import { createFigure, type Figure } from '../report/figure.js';

/** Sizes and sampling of {@link measureTasks}. */
export interface TasksOptions {
  /** Modules served, every one task-supporting; the calls go to one of them. */
  registrySize: number;
  /** Calls in flight at once: as many clients, each calling one call after the other. */
  inFlight: number;
  /** Calls of each throughput load (rounded up to a whole number per client). */
  loadSize: number;
  /** Measured throughput loads of each kind, after one short unmeasured load each. */
  samples: number;
  /** Calls a fresh server has answered when its RSS is read. */
  heldCalls: number;
  /** Fresh pairs of servers whose RSS is read. */
  rssSamples: number;
  /** Bound on every single load. */
  deadlineMs: number;
}

/** Every way of serving tasks the figures measure; another engine is one more entry. */
export const TASK_SERVER_VARIANTS: readonly TaskServerVariant[] = [
  IN_MEMORY_TASK_SERVER,
  REDIS_TASK_SERVER,
];

/** The two kinds of load, in the order of even rounds. */
const KINDS: readonly TaskLoadKind[] = ['plain', 'task'];

/** Samples of each kind of load, and the errors of every load (the unmeasured ones too). */
interface KindSamples {
  plain: number[];
  task: number[];
  errors: number;
}

/** The kinds in the order of `round`: neither always runs first, on a warmer server or machine. */
function kindsOfRound(round: number): readonly TaskLoadKind[] {
  return round % 2 === 0 ? KINDS : [...KINDS].reverse();
}

function perClient(calls: number, options: TasksOptions): number {
  return Math.ceil(calls / options.inFlight);
}

/** `calls` calls of `kind`, `inFlight` at a time, against `url`. */
function runKindLoad(
  url: string,
  kind: TaskLoadKind,
  calls: number,
  options: TasksOptions,
): Promise<LoadResult> {
  return runClientLoad({
    url,
    clients: options.inFlight,
    callsPerClient: perClient(calls, options),
    deadlineMs: options.deadlineMs,
    openSession: (target) => openTaskLoadSession(target, kind),
  });
}

/**
 * Calls per second on one server: tasks (created, polled, completed with the expected result)
 * against plain calls of the same module, the loads alternating.
 */
async function measureThroughput(
  variant: TaskServerVariant,
  options: TasksOptions,
): Promise<Figure> {
  const server = await variant.start(options.registrySize);
  const samples: KindSamples = { plain: [], task: [], errors: 0 };
  try {
    // Unmeasured (but checked): connections, JIT and the engine warm before the first sample.
    for (const kind of KINDS) {
      const warmup = await runKindLoad(server.url, kind, options.inFlight * 20, options);
      samples.errors += warmup.errors;
    }
    for (let round = 0; round < options.samples; round += 1) {
      for (const kind of kindsOfRound(round)) {
        const result = await runKindLoad(server.url, kind, options.loadSize, options);
        samples.errors += result.errors;
        samples[kind].push(result.succeeded / (result.durationMs / 1000));
      }
    }
  } finally {
    await server.stop();
  }
  const shape = `${options.inFlight} clients x ${perClient(options.loadSize, options)} calls`;
  return createFigure({
    id: `tasks.${variant.key}.throughput`,
    name: `MCP tasks (${variant.label}), ${shape}: throughput vs plain calls`,
    unit: 'calls/s',
    ours: median(samples.task),
    baseline: median(samples.plain),
    ratio: pairedRatio(samples.task, samples.plain),
    errors: samples.errors,
  });
}

/** `count` servers of `variant`; none left running when one fails to start. */
async function startServers(variant: TaskServerVariant, options: TasksOptions, count: number) {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => variant.start(options.registrySize)),
  );
  const servers = started.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure === undefined) return servers;
  await Promise.all(servers.map((server) => server.stop()));
  throw failure.reason;
}

/**
 * The resident set of a fresh server once it holds `heldCalls` completed tasks, against a fresh
 * server of the same variant once it has answered as many plain calls; each read from outside
 * right after its load.
 */
async function measureHeldRss(variant: TaskServerVariant, options: TasksOptions): Promise<Figure> {
  const samples: KindSamples = { plain: [], task: [], errors: 0 };
  for (let round = 0; round < options.rssSamples; round += 1) {
    const servers = await startServers(variant, options, KINDS.length);
    try {
      for (const kind of kindsOfRound(round)) {
        const server = servers[KINDS.indexOf(kind)] as TaskServer;
        const result = await runKindLoad(server.url, kind, options.heldCalls, options);
        samples.errors += result.errors;
        samples[kind].push((await server.readRss()) / 2 ** 20);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
  const calls = perClient(options.heldCalls, options) * options.inFlight;
  return createFigure({
    id: `tasks.${variant.key}.rss`,
    name: `MCP tasks (${variant.label}), ${calls.toLocaleString('en-US')} calls: server RSS holding them vs plain calls`,
    unit: 'MiB',
    ours: median(samples.task),
    baseline: median(samples.plain),
    ratio: pairedRatio(samples.task, samples.plain),
    errors: samples.errors,
  });
}

/**
 * The figures of one way of serving tasks (`variant`: how to start such a server), all over
 * Streamable HTTP from 2026-07-28 clients of the tasks extension: calls completed per second as
 * tasks against plain calls of the same module on the same server, and the server's RSS holding
 * the completed tasks against after as many plain calls. For information: no target.
 *
 * @example
 * ```ts
 * const figures = await measureTaskServer(IN_MEMORY_TASK_SERVER, SMOKE_PROFILE.tasks);
 * ```
 */
export async function measureTaskServer(
  variant: TaskServerVariant,
  options: TasksOptions,
): Promise<Figure[]> {
  return [await measureThroughput(variant, options), await measureHeldRss(variant, options)];
}

/**
 * Figure 9: {@link measureTaskServer} for every variant of {@link TASK_SERVER_VARIANTS}.
 *
 * @example
 * ```ts
 * const figures = await measureTasks({ registrySize: 10, inFlight: 10, loadSize: 2000, samples: 7, heldCalls: 10_000, rssSamples: 3, deadlineMs: 120_000 });
 * ```
 */
export async function measureTasks(options: TasksOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const variant of TASK_SERVER_VARIANTS) {
    if (variant.skipReason?.() !== undefined) continue;
    figures.push(...(await measureTaskServer(variant, options)));
  }
  return figures;
}
