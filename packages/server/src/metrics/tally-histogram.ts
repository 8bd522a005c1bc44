import type { Metric, Registry } from 'prom-client';
import type { CallTally } from './call-tally.js';

/** What {@link registerTallyHistogram} registers. */
export interface TallyHistogramOptions {
  /** The series name: its samples are `<name>_bucket`, `<name>_sum` and `<name>_count`. */
  name: string;
  help: string;
  /** Where the counts are read, when scraped. */
  tally: CallTally;
}

/** One sample line, in the shape prom-client's registry formats. */
interface HistogramSample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * Registers a histogram labelled by `tool` and `outcome` whose samples are read from a
 * {@link CallTally} when scraped. prom-client's own `Histogram` only counts what it observes,
 * and observing costs every call about a microsecond; its registry, though, reads any metric
 * through `get()` (and `reset()` on `resetMetrics()`), which is all this one answers. The text
 * it gives is the same as a prom-client `Histogram` fed the same durations.
 *
 * `reset()` clears the tally, and so every series read from it.
 *
 * @throws {Error} from prom-client when the registry already holds a metric of that name.
 * @example
 * ```ts
 * registerTallyHistogram(registry, { name: 'calls_seconds', help: 'Call durations.', tally });
 * ```
 */
export function registerTallyHistogram(registry: Registry, options: TallyHistogramOptions): void {
  const { name, help, tally } = options;
  const described = { name, help, type: 'histogram', aggregator: 'sum' } as const;
  const metric = {
    ...described,
    get: async () => ({ ...described, values: samplesOf(name, tally) }),
    reset: () => tally.clear(),
  };
  // The registry only calls get() and reset(); its types name its own metric classes alone.
  registry.registerMetric(metric as unknown as Metric);
}

/** Cumulative buckets, then `+Inf`, sum and count, per tool and outcome: the exposition order. */
function samplesOf(name: string, tally: CallTally): HistogramSample[] {
  const samples: HistogramSample[] = [];
  for (const { tool, outcome, calls, seconds, perBucket } of tally.entries()) {
    let cumulative = 0;
    tally.bounds.forEach((bound, index) => {
      cumulative += perBucket[index] ?? 0;
      samples.push({
        metricName: `${name}_bucket`,
        labels: { le: bound, tool, outcome },
        value: cumulative,
      });
    });
    samples.push(
      { metricName: `${name}_bucket`, labels: { le: '+Inf', tool, outcome }, value: calls },
      { metricName: `${name}_sum`, labels: { tool, outcome }, value: seconds },
      { metricName: `${name}_count`, labels: { tool, outcome }, value: calls },
    );
  }
  return samples;
}
