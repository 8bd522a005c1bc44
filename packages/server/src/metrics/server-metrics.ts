import type { Registry } from 'prom-client';
import type { AnsweredCall, CallObserver } from '../calls/call-observer.js';
import { callOutcome } from './call-outcome.js';
import { CallTally } from './call-tally.js';
import { registerTallyHistogram } from './tally-histogram.js';

/**
 * The `metrics` option: `true` keeps the series in a registry of our own (with prom-client's
 * default process metrics); `{ registry }` adds them to the application's prom-client registry
 * (its default metrics, if any, are the application's business: none are added there).
 *
 * @example
 * ```ts
 * const option: MetricsOption = { registry: new Registry() };
 * ```
 */
export type MetricsOption = boolean | { registry: Registry };

/** The `tool` label of a call that named no served tool. */
export const UNKNOWN_TOOL_LABEL = '_unknown';

/** The only `era` that has sessions: 2026-07-28 is stateless. */
export const SESSION_ERA = '2025-11-25';

/** Histogram buckets of call durations, in seconds: 1 ms to 60 s. */
export const CALL_DURATION_BUCKETS = [
  0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
];

/** What the gauges read when scraped. */
export interface MetricsSources {
  /** How many tools are served right now. */
  tools: () => number;
  /** How many tool calls are running right now. */
  inFlight: () => number;
}

/**
 * The server's Prometheus series, fed by the router as a {@link CallObserver}. Gauges of things
 * that exist anyway (tools, sessions) are read at scrape time instead of being kept up to date.
 *
 * @example
 * ```ts
 * const metrics = await loadServerMetrics(true, {
 *   tools: () => table.size,
 *   inFlight: () => router.activeCalls,
 * });
 * router.observer = metrics;
 * const text = await metrics.text();
 * ```
 */
export interface ServerMetrics extends CallObserver {
  /** The registry holding the series. */
  readonly registry: Registry;
  /** The `Content-Type` of {@link ServerMetrics.text}. */
  readonly contentType: string;
  /** The registry in the text exposition format. */
  text(): Promise<string>;
  /** Where the sessions gauge reads the open sessions (HTTP transports); none: 0. */
  countSessionsWith(count: () => number): void;
}

/**
 * Loads prom-client (only now: a server without metrics never loads it) and registers the series.
 *
 * @throws {Error} from prom-client when the registry already holds series of these names.
 * @example
 * ```ts
 * const sources = { tools: () => 3, inFlight: () => 0 };
 * const metrics = await loadServerMetrics({ registry: appRegistry }, sources);
 * ```
 */
export async function loadServerMetrics(
  option: true | { registry: Registry },
  sources: MetricsSources,
): Promise<ServerMetrics> {
  const prom = await import('prom-client');
  const own = option === true;
  const registry = own ? new prom.Registry() : option.registry;
  if (own) prom.collectDefaultMetrics({ register: registry });
  let countSessions = (): number => 0;
  const tally = new CallTally(CALL_DURATION_BUCKETS);
  registerScrapedSeries(prom, registry, { ...sources, sessions: () => countSessions(), tally });
  const approvals = new prom.Counter({
    name: 'apcore_mcp_approvals_total',
    help: 'Approval decisions on modules that require approval, by decision and who decided.',
    labelNames: ['decision', 'how'] as const,
    registers: [registry],
  });
  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    countSessionsWith: (count) => {
      countSessions = count;
    },
    answered: (call) => countCall(tally, call),
    approval: (decision) => {
      approvals.inc({ decision: decision.approved ? 'approved' : 'denied', how: decision.how });
    },
  };
}

type PromClient = typeof import('prom-client');

/** Counts and times one call under its bounded labels. */
function countCall(tally: CallTally, { tool, answer, durationMs }: AnsweredCall): void {
  tally.count(tool ?? UNKNOWN_TOOL_LABEL, callOutcome(answer), durationMs / 1000);
}

/** The series whose values are read when scraped, from the tally and the server's state. */
function registerScrapedSeries(
  prom: PromClient,
  registry: Registry,
  read: MetricsSources & { sessions: () => number; tally: CallTally },
): void {
  const registers = [registry];
  new prom.Counter({
    name: 'apcore_mcp_tool_calls_total',
    help: 'Tool calls answered, by tool and outcome (ok or the apcore error code).',
    labelNames: ['tool', 'outcome'] as const,
    registers,
    collect() {
      // The tally holds the totals: set them, rather than adding to what the last scrape set.
      this.reset();
      for (const { tool, outcome, calls } of read.tally.entries())
        this.inc({ tool, outcome }, calls);
    },
  });
  registerTallyHistogram(registry, {
    name: 'apcore_mcp_tool_call_duration_seconds',
    help: 'How long tool calls took to answer, by tool and outcome.',
    tally: read.tally,
  });
  new prom.Gauge({
    name: 'apcore_mcp_tool_calls_in_flight',
    help: 'Tool calls running right now.',
    registers,
    collect() {
      this.set(read.inFlight());
    },
  });
  new prom.Gauge({
    name: 'apcore_mcp_tools',
    help: 'Tools served right now.',
    registers,
    collect() {
      this.set(read.tools());
    },
  });
  new prom.Gauge({
    name: 'apcore_mcp_sessions',
    help: 'MCP sessions open right now (2025-11-25, over Streamable HTTP and SSE).',
    labelNames: ['era'] as const,
    registers,
    collect() {
      this.set({ era: SESSION_ERA }, read.sessions());
    },
  });
}
