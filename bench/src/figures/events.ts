import {
  type EventServerVariant,
  MEMORY_EVENT_SERVER,
  REDIS_EVENT_SERVER,
} from '../http/event-servers.js';
import { type EventMode, openEventSubscriber } from '../http/event-subscribers.js';
import type { LoadSession } from '../http/load-sessions.js';
import { postModernRequest } from '../http/post-modern-request.js';
import { type LoadResult, runClientLoad } from '../http/run-client-load.js';
import { openTaskLoadSession } from '../http/task-sessions.js';
import { median, pairedRatio, percentile } from '../measure/stats.js';
import { createFigure, type Figure } from '../report/figure.js';

/** Sizes and sampling of {@link measureEvents}. */
export interface EventsOptions {
  /** Workload modules served beside the emitting one. */
  registrySize: number;
  /** Calls in flight at once: as many clients, each calling one call after the other. */
  inFlight: number;
  /** Calls of each load: plain calls, or emits (rounded up to a whole number per client). */
  loadSize: number;
  /** Measured rounds, after one unmeasured round. */
  samples: number;
  /** Bound on every single load, and on waiting for its occurrences to arrive. */
  deadlineMs: number;
}

/** Every event log the figures measure; another backend is one more entry. */
export const EVENT_SERVER_VARIANTS: readonly EventServerVariant[] = [
  MEMORY_EVENT_SERVER,
  REDIS_EVENT_SERVER,
];

const MODES: readonly EventMode[] = ['poll', 'push'];

/** The tool the bench's server emits through (`bench.emit`, by the server's default names). */
const EMIT_TOOL = 'bench-emit';

let nextSeq = 0;

/** A client whose every call emits one occurrence. */
async function openEmitSession(url: string): Promise<LoadSession> {
  return {
    callOnce: async (timeoutMs) => {
      const params = { name: EMIT_TOOL, arguments: { seq: nextSeq++ } };
      const result = await postModernRequest(url, 'tools/call', params, {
        tasks: false,
        timeoutMs,
      });
      return result.isError !== true;
    },
    close: async () => {},
  };
}

function perClient(options: EventsOptions): number {
  return Math.ceil(options.loadSize / options.inFlight);
}

function runLoad(
  url: string,
  openSession: (url: string) => Promise<LoadSession>,
  options: EventsOptions,
): Promise<LoadResult> {
  return runClientLoad({
    url,
    clients: options.inFlight,
    callsPerClient: perClient(options),
    deadlineMs: options.deadlineMs,
    openSession,
  });
}

const perSecond = (count: number, ms: number) => count / (ms / 1000);

/** What one round measured: plain calls, emits alone, and each mode's deliveries. */
interface Round {
  plain: LoadResult;
  emit: LoadResult;
  delivered: Record<EventMode, { perSecond: number; latenciesMs: number[] }>;
  errors: number;
}

/**
 * One subscriber of `mode`, then one emit load: delivered per second from the first emit to the
 * last arrival. Occurrences that never arrive (by the deadline) count as errors.
 */
async function measureDelivery(url: string, mode: EventMode, options: EventsOptions) {
  const subscriber = await openEventSubscriber(url, mode);
  try {
    const started = performance.now();
    const load = await runLoad(url, openEmitSession, options);
    const arrived = await subscriber.waitFor(
      load.succeeded,
      performance.now() + options.deadlineMs,
    );
    const missing = arrived ? 0 : load.succeeded - subscriber.received;
    return {
      perSecond: perSecond(subscriber.received, subscriber.lastAt - started),
      latenciesMs: [...subscriber.latenciesMs],
      errors: load.errors + missing,
    };
  } finally {
    await subscriber.close();
  }
}

async function measureRound(url: string, options: EventsOptions): Promise<Round> {
  const plain = await runLoad(url, (target) => openTaskLoadSession(target, 'plain'), options);
  const emit = await runLoad(url, openEmitSession, options);
  let errors = plain.errors + emit.errors;
  const delivered = {} as Round['delivered'];
  for (const mode of MODES) {
    const { errors: modeErrors, ...measured } = await measureDelivery(url, mode, options);
    delivered[mode] = measured;
    errors += modeErrors;
  }
  return { plain, emit, delivered, errors };
}

/** One unmeasured round, then `samples` measured ones; the errors of all of them. */
async function runRounds(
  url: string,
  options: EventsOptions,
): Promise<{ rounds: Round[]; errors: number }> {
  // Unmeasured (but checked): connections, JIT and the log warm before the first sample.
  let errors = (await measureRound(url, options)).errors;
  const rounds: Round[] = [];
  for (let round = 0; round < options.samples; round += 1) {
    const measured = await measureRound(url, options);
    errors += measured.errors;
    rounds.push(measured);
  }
  return { rounds, errors };
}

/** The delivered-per-second and latency lines of one mode. */
function modeFigures(
  mode: EventMode,
  rounds: readonly Round[],
  named: (id: string, what: string) => { id: string; name: string },
): Figure[] {
  const plainRates = rounds.map((round) =>
    perSecond(round.plain.succeeded, round.plain.durationMs),
  );
  const plainLatencies = rounds.flatMap((round) => round.plain.latenciesMs);
  const rates = rounds.map((round) => round.delivered[mode].perSecond);
  const latencies = rounds.flatMap((round) => round.delivered[mode].latenciesMs);
  const figures = [
    createFigure({
      ...named(`${mode}.delivered`, `delivered by ${mode} vs plain calls`),
      unit: 'events/s',
      ours: median(rates),
      baseline: median(plainRates),
      ratio: pairedRatio(rates, plainRates),
    }),
  ];
  for (const [label, fraction] of [
    ['p50', 0.5],
    ['p99', 0.99],
  ] as const) {
    figures.push(
      createFigure({
        ...named(
          `${mode}.${label}`,
          `emit to ${mode} delivery ${label} vs a plain call's round trip`,
        ),
        unit: 'ms',
        ours: percentile(latencies, fraction),
        baseline: percentile(plainLatencies, fraction),
      }),
    );
  }
  return figures;
}

/**
 * The figures of one event log (`variant`), all over Streamable HTTP from 2026-07-28 clients,
 * beside plain `tools/call` of a workload module on the same server in the same rounds: emitting
 * calls per second (no subscriber), occurrences delivered per second to one subscriber by poll
 * and by push, and the emit→delivery latency p50/p99 against a plain call's round trip. For
 * information: no target.
 *
 * @example
 * ```ts
 * const figures = await measureEventServer(MEMORY_EVENT_SERVER, SMOKE_PROFILE.events);
 * ```
 */
export async function measureEventServer(
  variant: EventServerVariant,
  options: EventsOptions,
): Promise<Figure[]> {
  const server = await variant.start(options.registrySize);
  let measured: { rounds: Round[]; errors: number };
  try {
    measured = await runRounds(server.url, options);
  } finally {
    await server.stop();
  }
  const { rounds, errors } = measured;
  const shape = `${options.inFlight} clients x ${perClient(options)} calls`;
  const named = (id: string, what: string) => ({
    id: `events.${variant.key}.${id}`,
    name: `MCP events (${variant.label}), ${shape}: ${what}`,
  });
  const plainRates = rounds.map((round) =>
    perSecond(round.plain.succeeded, round.plain.durationMs),
  );
  const emitRates = rounds.map((round) => perSecond(round.emit.succeeded, round.emit.durationMs));
  return [
    createFigure({
      ...named('emit.throughput', 'emitting calls vs plain calls'),
      unit: 'calls/s',
      ours: median(emitRates),
      baseline: median(plainRates),
      ratio: pairedRatio(emitRates, plainRates),
      errors,
    }),
    ...MODES.flatMap((mode) => modeFigures(mode, rounds, named)),
  ];
}

/**
 * Figure 10: {@link measureEventServer} for every variant of {@link EVENT_SERVER_VARIANTS}.
 *
 * @example
 * ```ts
 * const figures = await measureEvents({ registrySize: 10, inFlight: 10, loadSize: 1000, samples: 5, deadlineMs: 60_000 });
 * ```
 */
export async function measureEvents(options: EventsOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const variant of EVENT_SERVER_VARIANTS) {
    if (variant.skipReason?.() !== undefined) continue;
    figures.push(...(await measureEventServer(variant, options)));
  }
  return figures;
}
