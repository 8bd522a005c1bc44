import type { Counter, Histogram, Registry } from 'prom-client';
import { callOutcome } from './call-outcome.js';
import type { ObservedApproval, ObservedCall, ObservedRequest } from './observed-call.js';

/**
 * A prom-client `Registry`, as far as an option check can tell one: it takes metrics and writes
 * them out. Declared here so a caller that only checked these methods need not name prom-client.
 *
 * @example
 * ```ts
 * const registry: MetricsRegistry = new Registry();
 * ```
 */
export interface MetricsRegistry {
  readonly contentType: string;
  metrics(): Promise<string>;
  registerMetric(metric: object): void;
}

/**
 * Where the series go: `true` keeps them in a registry of our own (with prom-client's default
 * process metrics); `{ registry }` adds them to the application's prom-client registry (its
 * default metrics, if any, are the application's business: none are added there).
 *
 * @example
 * ```ts
 * const target: MetricsTarget = { registry: new Registry() };
 * ```
 */
export type MetricsTarget = true | { registry: MetricsRegistry };

/** The `tool` label of a call that named no served tool. */
export const UNKNOWN_TOOL_LABEL = '_unknown';

/** The only `era` that has sessions: 2026-07-28 is stateless. */
export const SESSION_ERA = '2025-11-25';

/** Histogram buckets of call durations, in seconds: 1 ms to 60 s. */
export const CALL_DURATION_BUCKETS = [
  0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
];

/**
 * What the gauges read when scraped.
 *
 * @example
 * ```ts
 * const sources: MetricsSources = { tools: () => table.size, inFlight: () => router.activeCalls };
 * ```
 */
export interface MetricsSources {
  /** How many tools are served right now. */
  tools: () => number;
  /** How many tool calls are running right now. */
  inFlight: () => number;
}

/**
 * The server's Prometheus series, fed by its call router: told of every answered call and every
 * approval decision. Gauges of things that exist anyway (tools, sessions) are read at scrape
 * time instead of being kept up to date.
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
export interface ServerMetrics {
  /** The registry holding the series. */
  readonly registry: Registry;
  /** The `Content-Type` of {@link ServerMetrics.text}. */
  readonly contentType: string;
  /** The registry in the text exposition format. */
  text(): Promise<string>;
  /** Where the sessions gauge reads the open sessions (HTTP transports); none: 0. */
  countSessionsWith(count: () => number): void;
  /** Counts and times one answered call: quick, and never throws. */
  answered(call: ObservedCall): void;
  /** Counts one approval decision. */
  approval(decision: ObservedApproval): void;
  /** Counts and times one answered request other than a tool call: quick, never throws. */
  answeredRequest(request: ObservedRequest): void;
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
  target: MetricsTarget,
  sources: MetricsSources,
): Promise<ServerMetrics> {
  const prom = await import('prom-client');
  const own = target === true;
  // Only a prom-client Registry holds prom-client metrics; its shape is all a caller can check.
  const registry = own ? new prom.Registry() : (target.registry as Registry);
  if (own) prom.collectDefaultMetrics({ register: registry });
  let countSessions = (): number => 0;
  const series = registerSeries(prom, registry, { ...sources, sessions: () => countSessions() });
  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    countSessionsWith: (count) => {
      countSessions = count;
    },
    answered: (call) => countCall(series, call),
    approval: (decision) => {
      series.approvals.inc({
        decision: decision.approved ? 'approved' : 'denied',
        how: decision.how,
      });
    },
    answeredRequest: ({ method, target, outcome, durationMs }) => {
      const labels = { method, target, outcome };
      series.requests.inc(labels);
      series.requestDuration.observe(labels, durationMs / 1000);
    },
  };
}

type PromClient = typeof import('prom-client');

/** The series the observer writes to; the others are read when scraped. */
interface CallSeries {
  calls: Counter<'tool' | 'outcome'>;
  duration: Histogram<'tool' | 'outcome'>;
  approvals: Counter<'decision' | 'how'>;
  requests: Counter<'method' | 'target' | 'outcome'>;
  requestDuration: Histogram<'method' | 'target' | 'outcome'>;
}

/** Counts and times one call under its bounded labels. */
function countCall(series: CallSeries, { tool, answer, durationMs }: ObservedCall): void {
  const labels = { tool: tool ?? UNKNOWN_TOOL_LABEL, outcome: callOutcome(answer) };
  series.calls.inc(labels);
  series.duration.observe(labels, durationMs / 1000);
}

/** Registers every series, in the order they are scraped. */
function registerSeries(
  prom: PromClient,
  registry: Registry,
  read: MetricsSources & { sessions: () => number },
): CallSeries {
  const registers = [registry];
  const byCall = ['tool', 'outcome'] as const;
  const calls = new prom.Counter({
    name: 'apcore_mcp_tool_calls_total',
    help: 'Tool calls answered, by tool and outcome (ok or the apcore error code).',
    labelNames: byCall,
    registers,
  });
  const duration = new prom.Histogram({
    name: 'apcore_mcp_tool_call_duration_seconds',
    help: 'How long tool calls took to answer, by tool and outcome.',
    labelNames: byCall,
    buckets: CALL_DURATION_BUCKETS,
    registers,
  });
  registerGauges(prom, registers, read);
  const approvals = new prom.Counter({
    name: 'apcore_mcp_approvals_total',
    help: 'Approval decisions on modules that require approval, by decision and who decided.',
    labelNames: ['decision', 'how'] as const,
    registers,
  });
  const byRequest = ['method', 'target', 'outcome'] as const;
  const requests = new prom.Counter({
    name: 'apcore_mcp_requests_total',
    help: 'MCP requests other than tool calls answered (resources/read, prompts/get, completion/complete, lists...), by method, target (the prompt, the resource template or URI) and outcome.',
    labelNames: byRequest,
    registers,
  });
  const requestDuration = new prom.Histogram({
    name: 'apcore_mcp_request_duration_seconds',
    help: 'How long MCP requests other than tool calls took to answer, by method, target and outcome.',
    labelNames: byRequest,
    buckets: CALL_DURATION_BUCKETS,
    registers,
  });
  return { calls, duration, approvals, requests, requestDuration };
}

/** The gauges, read from the server's state when scraped rather than kept up to date. */
function registerGauges(
  prom: PromClient,
  registers: Registry[],
  read: MetricsSources & { sessions: () => number },
): void {
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
