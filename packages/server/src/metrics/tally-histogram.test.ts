import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CallTally } from './call-tally.js';
import { registerTallyHistogram } from './tally-histogram.js';

const NAME = 'calls_seconds';
const HELP = 'Call durations.';
const BOUNDS = [0.001, 0.01, 0.1, 1];
const CALLS: Array<[tool: string, outcome: string, seconds: number]> = [
  ['math-add', 'ok', 0.0004],
  ['math-add', 'ok', 0.02],
  ['math-add', 'ACL_DENIED', 0.001],
  ['files-remove', 'ok', 7],
];

/** The same calls in prom-client's own histogram, the reference. */
async function promClientText(): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['tool', 'outcome'] as const,
    buckets: BOUNDS,
    registers: [registry],
  });
  for (const [tool, outcome, seconds] of CALLS) histogram.observe({ tool, outcome }, seconds);
  return registry.metrics();
}

function tallied(): { registry: Registry; tally: CallTally } {
  const registry = new Registry();
  const tally = new CallTally(BOUNDS);
  registerTallyHistogram(registry, { name: NAME, help: HELP, tally });
  for (const [tool, outcome, seconds] of CALLS) tally.count(tool, outcome, seconds);
  return { registry, tally };
}

describe('registerTallyHistogram', () => {
  it('scrapes exactly as a prom-client Histogram fed the same durations', async () => {
    const { registry } = tallied();
    expect(await registry.metrics()).toBe(await promClientText());
  });

  it('reads the calls counted after registering, and reads them as JSON too', async () => {
    const { registry, tally } = tallied();
    tally.count('math-add', 'ok', 0.5);
    const text = await registry.metrics();
    expect(text).toContain(`${NAME}_count{tool="math-add",outcome="ok"} 3`);
    expect(text).toContain(`${NAME}_bucket{le="1",tool="math-add",outcome="ok"} 3`);
    const [json] = await registry.getMetricsAsJSON();
    expect(json).toMatchObject({ name: NAME, type: 'histogram', aggregator: 'sum' });
  });

  it('starts again from nothing after resetMetrics()', async () => {
    const { registry } = tallied();
    registry.resetMetrics();
    expect(await registry.metrics()).toBe(`# HELP ${NAME} ${HELP}\n# TYPE ${NAME} histogram\n`);
  });

  it('refuses a name the registry already holds', () => {
    const { registry } = tallied();
    expect(() =>
      registerTallyHistogram(registry, { name: NAME, help: HELP, tally: new CallTally(BOUNDS) }),
    ).toThrow(/already been registered/);
  });
});
