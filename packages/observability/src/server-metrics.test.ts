import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { loadServerMetrics, UNKNOWN_TOOL_LABEL } from './server-metrics.js';

const OK = { content: [] };
const DURATION = 'apcore_mcp_tool_call_duration_seconds';
const DENIED = { content: [], isError: true, _meta: { 'apcore/errorCode': 'ACL_DENIED' } };

async function loadInto(registry: Registry) {
  let inFlight = 0;
  const metrics = await loadServerMetrics(
    { registry },
    { tools: () => 2, inFlight: () => inFlight },
  );
  return { metrics, setInFlight: (count: number) => (inFlight = count) };
}

describe('loadServerMetrics', () => {
  it('counts and times answered calls, and reads the gauges when scraped', async () => {
    const { metrics, setInFlight } = await loadInto(new Registry());
    metrics.answered({ tool: 'math-add', answer: OK, durationMs: 2 });
    metrics.answered({ tool: 'math-add', answer: OK, durationMs: 30 });
    metrics.answered({ tool: undefined, answer: DENIED, durationMs: 1 });
    setInFlight(3);
    const text = await metrics.text();
    expect(text).toContain('apcore_mcp_tool_calls_total{tool="math-add",outcome="ok"} 2');
    expect(text).toContain(
      `apcore_mcp_tool_calls_total{tool="${UNKNOWN_TOOL_LABEL}",outcome="ACL_DENIED"} 1`,
    );
    expect(text).toContain(
      'apcore_mcp_tool_call_duration_seconds_bucket{le="0.005",tool="math-add",outcome="ok"} 1',
    );
    expect(text).toContain(
      'apcore_mcp_tool_call_duration_seconds_bucket{le="0.05",tool="math-add",outcome="ok"} 2',
    );
    expect(text).toContain(
      'apcore_mcp_tool_call_duration_seconds_sum{tool="math-add",outcome="ok"} 0.032',
    );
    expect(text).toContain('apcore_mcp_tool_calls_in_flight 3');
    expect(text).toContain('apcore_mcp_tools 2');
  });

  it('reads the call series as JSON too, the durations as a histogram', async () => {
    const registry = new Registry();
    const { metrics } = await loadInto(registry);
    metrics.answered({ tool: 'math-add', answer: OK, durationMs: 500 });
    const series = await registry.getMetricsAsJSON();
    const duration = series.find((metric) => metric.name === DURATION);
    expect(duration).toMatchObject({ type: 'histogram', aggregator: 'sum' });
    expect(duration?.values).toContainEqual({
      metricName: `${DURATION}_count`,
      labels: { tool: 'math-add', outcome: 'ok' },
      value: 1,
    });
    const calls = series.find((metric) => metric.name === 'apcore_mcp_tool_calls_total');
    expect(calls?.values).toEqual([{ labels: { tool: 'math-add', outcome: 'ok' }, value: 1 }]);
  });

  it('starts the call series over on resetMetrics(), like the rest of the registry', async () => {
    const registry = new Registry();
    const { metrics } = await loadInto(registry);
    metrics.answered({ tool: 'math-add', answer: OK, durationMs: 2 });
    metrics.approval?.({ approved: false, how: 'policy' });
    registry.resetMetrics();
    const text = await metrics.text();
    expect(text).not.toContain('tool="math-add"');
    expect(text).not.toContain('decision="denied"');
  });
});
