import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import type { GovernedCall } from '../../calls/call-governance.js';
import { createMemoryLimitStore } from '../../store/memory-limit-store.js';
import { toWindowedLimits } from './limit-windows.js';
import { createLimitsGovernance } from './limits-governance.js';
import { type LimitsOptions, resolveLimits } from './limits-option.js';

const JAN_31 = Date.UTC(2026, 0, 31, 23, 59, 0);

function createLimits(options: LimitsOptions, costs: Record<string, number> = {}) {
  const clock = { now: JAN_31 };
  const resolved = resolveLimits({ ...options, now: () => clock.now });
  if (resolved === undefined) throw new Error('limits expected');
  const limits = createLimitsGovernance({
    limits: resolved,
    store: createMemoryLimitStore(),
    costOf: (moduleId) => costs[moduleId] ?? 0,
    logger: createRecordingLogger(),
  });
  return { limits, clock };
}

function callOf(subject: string, roles: string[] = [], moduleId = 'notes.read'): GovernedCall {
  const tool = { name: moduleId.replace('.', '-'), inputSchema: { type: 'object' as const } };
  const identity = { id: subject, type: 'user', roles, attrs: {} };
  return { tool: tool.name, served: { moduleId, tool }, subject, identity, arguments: {} };
}

function writeJson(contents: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'limits-')), 'limits.json');
  writeFileSync(file, typeof contents === 'string' ? contents : JSON.stringify(contents));
  return file;
}

describe('monthly windows', () => {
  it('spans the calendar month in UTC, whatever its length', () => {
    const [january] = toWindowedLimits({ perMonth: 5 }, JAN_31);
    expect(january).toEqual({
      window: 'month',
      limit: 5,
      startsAt: Date.UTC(2026, 0, 1),
      endsAt: Date.UTC(2026, 1, 1),
    });
    const [february] = toWindowedLimits({ perMonth: 5 }, Date.UTC(2028, 1, 29, 12));
    expect(february?.endsAt).toBe(Date.UTC(2028, 2, 1));
  });

  it('refuses past a monthly budget until the next month begins', async () => {
    const { limits, clock } = createLimits({ budget: '10/month' }, { 'notes.read': 4 });
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
    const refusal = await limits.admit(callOf('alice'));
    expect(refusal).toMatchObject({
      content: [
        { text: 'Budget of 10 per month reached: this call costs 4 and 8 is spent; retry in 60 s' },
      ],
      _meta: { 'apcore/errorCode': 'BUDGET_EXCEEDED', retryAfterSeconds: 60 },
    });
    clock.now = Date.UTC(2026, 1, 1);
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
  });
});

describe('the cost cap', () => {
  it('refuses a call costing more than one call may, counting nothing', async () => {
    const costs = { 'notes.read': 1, 'reports.big': 12 };
    const { limits } = createLimits({ calls: '1/min', maxCostPerCall: 10 }, costs);
    const refusal = await limits.admit(callOf('alice', [], 'reports.big'));
    expect(refusal).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'BUDGET_EXCEEDED' },
    });
    expect(refusal?.content[0]).toMatchObject({
      text: expect.stringContaining('This call costs 12, more than the 10 one call may cost'),
    });
    expect(refusal?._meta).not.toHaveProperty('retryAfterSeconds');
    expect(await limits.admit(callOf('alice'))).toBeUndefined();
  });
});

describe('overrides by subject and role', () => {
  const options: LimitsOptions = {
    calls: '1/min',
    maxCostPerCall: 5,
    overrides: [
      { role: 'analyst', calls: '2/min' },
      { role: 'admin', calls: '3/min', maxCostPerCall: 100 },
      { subject: 'bot', calls: '4/min' },
    ],
  };

  async function admittedOf(call: GovernedCall, times = 5): Promise<number> {
    const { limits } = createLimits(options, { 'reports.big': 50 });
    let admitted = 0;
    for (let index = 0; index < times; index++)
      if ((await limits.admit(call)) === undefined) admitted++;
    return admitted;
  }

  it('holds a caller to its subject, else its first listed role, else the defaults', async () => {
    expect(await admittedOf(callOf('alice'))).toBe(1);
    expect(await admittedOf(callOf('ann', ['analyst']))).toBe(2);
    expect(await admittedOf(callOf('ann', ['admin', 'analyst']))).toBe(2);
    expect(await admittedOf(callOf('bot', ['admin']))).toBe(4);
  });

  it('keeps the default keys an override leaves out', async () => {
    expect(await admittedOf(callOf('ann', ['analyst'], 'reports.big'))).toBe(0);
    expect(await admittedOf(callOf('root', ['admin'], 'reports.big'))).toBe(3);
  });

  it('applies to the other requests too', async () => {
    const { limits } = createLimits(options);
    const identity = { id: 'bot', type: 'user', roles: [], attrs: {} };
    for (let index = 0; index < 4; index++)
      expect(await limits.admitRequest('bot', identity)).toBeUndefined();
    expect(await limits.admitRequest('bot', identity)).toMatchObject({ isError: true });
  });

  it.each([
    [{ overrides: {} }, 'limits.overrides', 'limits.overrides must be a list'],
    [
      { overrides: [{ calls: '1/min' }] },
      'limits.overrides[0]',
      'must name exactly one of subject and role',
    ],
    [
      { overrides: [{ subject: 'a', role: 'b' }] },
      'limits.overrides[0]',
      'exactly one of subject and role',
    ],
    [
      { overrides: [{ role: 'a', calls: '1/week' }] },
      'limits.overrides[0].calls',
      "Bad limit '1/week'",
    ],
    [
      { overrides: [{ role: 'a', rate: 1 }] },
      'limits.overrides[0].rate',
      "Unknown limits.overrides[0] key 'rate'",
    ],
    [
      { maxCostPerCall: -1 },
      'limits.maxCostPerCall',
      'limits.maxCostPerCall must be a number of at least 0',
    ],
  ])('refuses %j naming %s', (value, option, message) => {
    expect(() => resolveLimits(value)).toThrow(expect.objectContaining({ option }));
    expect(() => resolveLimits(value)).toThrow(message);
  });
});

describe('limits from a file', () => {
  it('reads the default set and the overrides', () => {
    const file = writeJson({
      calls: '60/min',
      budget: { perMonth: 500 },
      overrides: [{ role: 'admin', maxCostPerCall: 50 }],
    });
    expect(resolveLimits({ file })).toMatchObject({
      calls: { perMinute: 60 },
      budget: { perMonth: 500 },
      maxCostPerCall: undefined,
      overrides: [{ role: 'admin', limits: { maxCostPerCall: 50 } }],
    });
  });

  it.each([
    [
      { overrides: [{ role: 'a', budget: { perDay: -2 } }] },
      ': overrides[0].budget.perDay must be a number of at least 0, got number -2',
    ],
    [
      { calls: '60/min', rate: 1 },
      ": unknown key 'rate'. Known: calls, destructiveCalls, budget, maxCostPerCall, overrides",
    ],
    ['{ "calls": ', ': not valid JSON'],
    [[1], ': must hold a JSON object of limits'],
  ])('names the file and the key in it for %j', (contents, message) => {
    const file = writeJson(contents);
    expect(() => resolveLimits({ file })).toThrow(
      expect.objectContaining({ option: 'limits.file' }),
    );
    expect(() => resolveLimits({ file })).toThrow(`limits.file ${file}${message}`);
  });

  it('refuses a missing file and limits given beside the file', () => {
    expect(() => resolveLimits({ file: '/nonexistent/limits.json' })).toThrow(
      'limits.file /nonexistent/limits.json: no such file',
    );
    const file = writeJson({});
    expect(() => resolveLimits({ file, calls: '1/min' })).toThrow(
      expect.objectContaining({
        option: 'limits.calls',
        message: 'limits.calls goes in the file of limits.file, not beside it',
      }),
    );
  });
});
