import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import type { GovernedCall } from '../../calls/call-governance.js';
import type { LimitStore } from '../../store/limit-store.js';
import { createMemoryLimitStore } from '../../store/memory-limit-store.js';
import { createLimitsGovernance } from './limits-governance.js';
import { type LimitsOptions, resolveLimits } from './limits-option.js';

const NOON = Date.UTC(2026, 10, 24, 12, 0, 0);

/** A governance over a memory store whose clock the test moves. */
function createLimits(
  options: LimitsOptions,
  costs: Record<string, number> = {},
  store: LimitStore = createMemoryLimitStore(),
) {
  const clock = { now: NOON };
  const logger = createRecordingLogger();
  const resolved = resolveLimits({ ...options, now: () => clock.now });
  if (resolved === undefined) throw new Error('limits expected');
  const limits = createLimitsGovernance({
    limits: resolved,
    store,
    costOf: (moduleId) => costs[moduleId] ?? 0,
    logger,
  });
  return { limits, clock, logger };
}

function callOf(subject: string, moduleId = 'notes.read', destructive = false): GovernedCall {
  const tool = {
    name: moduleId.replace('.', '-'),
    inputSchema: { type: 'object' as const },
    annotations: { destructiveHint: destructive },
  };
  return {
    tool: tool.name,
    served: { moduleId, tool },
    subject,
    identity: undefined,
    arguments: {},
  };
}

async function admitTimes(admit: () => Promise<unknown>, times: number): Promise<number> {
  let admitted = 0;
  for (let call = 0; call < times; call++) if ((await admit()) === undefined) admitted++;
  return admitted;
}

describe('rate limits', () => {
  it('refuses the call past the per-minute limit until the next UTC minute', async () => {
    const { limits, clock } = createLimits({ calls: '3/min' });
    clock.now = NOON + 48_000;
    expect(await admitTimes(() => limits.admit(callOf('alice')), 3)).toBe(3);
    const refusal = await limits.admit(callOf('alice'));
    expect(refusal).toEqual({
      content: [{ type: 'text', text: 'Rate limit of 3 calls per minute reached; retry in 12 s' }],
      isError: true,
      _meta: { 'apcore/errorCode': 'RATE_LIMITED', retryAfterSeconds: 12 },
    });
    clock.now = NOON + 59_999;
    expect(await limits.admit(callOf('alice'))).toMatchObject({ _meta: { retryAfterSeconds: 1 } });
    clock.now = NOON + 60_000;
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
  });

  it('counts per day across minutes', async () => {
    const { limits, clock } = createLimits({ calls: '10/min,4/day' });
    for (let minute = 0; minute < 4; minute++) {
      clock.now = NOON + minute * 60_000;
      expect(await limits.admit(callOf('alice'))).toBeUndefined();
    }
    clock.now = NOON + 3_600_000;
    const refusal = await limits.admit(callOf('alice'));
    expect(firstText(refusal)).toBe('Rate limit of 4 calls per day reached; retry in 39600 s');
    clock.now = Date.UTC(2026, 10, 25);
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
  });

  it('counts per hour', async () => {
    const { limits, clock } = createLimits({ calls: '1/hour' });
    clock.now = NOON + 30 * 60_000;
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
    expect(await limits.admit(callOf('alice'))).toMatchObject({
      _meta: { retryAfterSeconds: 1800 },
    });
    clock.now = NOON + 3_600_000;
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
  });

  it('keeps each subject to its own counters', async () => {
    const { limits } = createLimits({ calls: '2/min' });
    expect(await admitTimes(() => limits.admit(callOf('alice')), 3)).toBe(2);
    expect(await admitTimes(() => limits.admit(callOf('bob')), 3)).toBe(2);
    // A subject spelled like a key part is still its own subject.
    expect(await admitTimes(() => limits.admit(callOf('alice}:calls')), 3)).toBe(2);
  });

  it('counts destructive calls separately and in addition to all calls', async () => {
    const { limits } = createLimits({ calls: '4/min', destructiveCalls: '2/min' });
    const destructive = () => limits.admit(callOf('alice', 'notes.delete', true));
    expect(await admitTimes(destructive, 2)).toBe(2);
    expect(firstText(await destructive())).toBe(
      'Rate limit of 2 destructive calls per minute reached; retry in 60 s',
    );
    // The refused destructive call counted toward nothing: two reads are left of four.
    expect(await admitTimes(() => limits.admit(callOf('alice')), 3)).toBe(2);
  });

  it('admits everything when no limit is set', async () => {
    const { limits } = createLimits({});
    expect(await admitTimes(() => limits.admit(callOf('alice', 'notes.delete', true)), 50)).toBe(
      50,
    );
  });
});

describe('budgets', () => {
  const costs = { 'reports.build': 4, 'notes.read': 0, 'search.run': 1.5 };

  it('refuses a call whose cost would take the subject over its daily budget', async () => {
    const { limits, clock } = createLimits({ budget: '10/day' }, costs);
    clock.now = NOON;
    expect(await admitTimes(() => limits.admit(callOf('alice', 'reports.build')), 2)).toBe(2);
    expect(await limits.admit(callOf('alice', 'reports.build'))).toEqual({
      content: [
        {
          type: 'text',
          text: 'Budget of 10 per day reached: this call costs 4 and 8 is spent; retry in 43200 s',
        },
      ],
      isError: true,
      _meta: { 'apcore/errorCode': 'BUDGET_EXCEEDED', retryAfterSeconds: 43_200 },
    });
    // What is left still buys cheaper calls, and free calls always pass.
    expect(await admitTimes(() => limits.admit(callOf('alice', 'search.run')), 2)).toBe(1);
    expect(await admitTimes(() => limits.admit(callOf('alice', 'notes.read')), 5)).toBe(5);
    clock.now = Date.UTC(2026, 10, 25);
    expect(await limits.admit(callOf('alice', 'reports.build'))).toBeUndefined();
  });

  it('says when one call costs more than the whole budget (no retry time)', async () => {
    const { limits } = createLimits({ budget: '3/day' }, costs);
    expect(await limits.admit(callOf('alice', 'reports.build'))).toEqual({
      content: [
        { type: 'text', text: 'This call costs 4, more than the whole budget of 3 per day' },
      ],
      isError: true,
      _meta: { 'apcore/errorCode': 'BUDGET_EXCEEDED' },
    });
  });

  it('charges nothing for a call refused by a rate limit', async () => {
    const { limits } = createLimits({ calls: '1/min', budget: '8/day' }, costs);
    await limits.admit(callOf('alice', 'reports.build'));
    const refused = await limits.admit(callOf('alice', 'reports.build'));
    expect(refused?._meta?.['apcore/errorCode']).toBe('RATE_LIMITED');
    const { limits: again, clock } = createLimits({ calls: '1/min', budget: '8/day' }, costs);
    await again.admit(callOf('alice', 'reports.build'));
    await again.admit(callOf('alice', 'reports.build'));
    clock.now = NOON + 60_000;
    // Only the first call was charged: 4 of 8 are left.
    expect(await again.admit(callOf('alice', 'reports.build'))).toBeUndefined();
  });
});

describe('a failing store', () => {
  it('refuses calls (fail closed), warns once, and says when it answers again', async () => {
    let failing = true;
    const memory = createMemoryLimitStore();
    const store: LimitStore = {
      consume: (counters, now) =>
        failing ? Promise.reject(new Error('connect ECONNREFUSED')) : memory.consume(counters, now),
      close: () => memory.close(),
    };
    const { limits, logger } = createLimits({ calls: '5/min' }, {}, store);
    for (let call = 0; call < 3; call++) {
      expect(await limits.admit(callOf('alice'))).toEqual({
        content: [
          { type: 'text', text: 'Limit store unavailable; the call was not run, retry later' },
        ],
        isError: true,
        _meta: { 'apcore/errorCode': 'LIMIT_STORE_UNAVAILABLE' },
      });
    }
    expect(logger.messages('warn')).toEqual(['Limit store unavailable; refusing calls']);
    failing = false;
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
    expect(logger.messages('info')).toEqual(['Limit store answering again']);
  });
});
