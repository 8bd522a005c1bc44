import { describe, expect, it } from 'vitest';
import type { GovernedCall } from '../../calls/call-governance.js';
import { UsageTracker } from './usage-tracker.js';

function call(tool: string): GovernedCall {
  return {
    tool,
    served: {
      moduleId: tool.replace('-', '.'),
      tool: { name: tool, inputSchema: { type: 'object' } },
    },
    subject: 'alice',
    identity: { id: 'alice' },
    arguments: {},
  };
}

const ok = { content: [] };
const failed = { content: [], isError: true };
const limited = { content: [], isError: true, _meta: { 'apcore/errorCode': 'RATE_LIMITED' } };

describe('UsageTracker', () => {
  it('counts what settle hears, from the time it started', () => {
    let now = Date.parse('2026-11-24T14:00:00.000Z');
    const tracker = new UsageTracker({ now: () => now });
    now += 60_000;
    tracker.settle(call('math-add'), { result: ok, durationMs: 4, ran: true });
    tracker.settle(call('math-add'), { result: failed, durationMs: 2, ran: false });
    tracker.settle(call('math-add'), { result: limited, durationMs: 3, ran: false });
    expect(tracker.report()).toEqual({
      since: '2026-11-24T14:00:00.000Z',
      tools: [
        {
          tool: 'math-add',
          moduleId: 'math.add',
          calls: 3,
          errors: 2,
          errorRate: 0.6667,
          errorCodes: { ERROR: 1, RATE_LIMITED: 1 },
          p50Ms: 3,
          p95Ms: 4,
          lastCalledAt: '2026-11-24T14:00:59.998Z',
        },
      ],
    });
  });

  it('keeps a bounded sample of durations: percentiles follow the latest calls', () => {
    const tracker = new UsageTracker({ maxSamples: 10 });
    for (let index = 0; index < 1000; index++) {
      tracker.settle(call('a-b'), { result: ok, durationMs: index < 990 ? 1000 : 1, ran: true });
    }
    expect(tracker.report().tools[0]).toMatchObject({ calls: 1000, p50Ms: 1, p95Ms: 1 });
  });
});
