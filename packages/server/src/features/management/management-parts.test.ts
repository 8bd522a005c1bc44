import { describe, expect, it } from 'vitest';
import type { GovernedCall, SettledCall } from '../../calls/call-governance.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { CallSamples } from './call-samples.js';
import { parseUri } from './management-resources.js';
import { resolveSysModules } from './sys-modules-option.js';
import { periodStart } from './usage-period.js';

describe('resolveSysModules', () => {
  it('climbs the registration ladder: off, read-only, with control', () => {
    expect(resolveSysModules(undefined)).toBeUndefined();
    expect(resolveSysModules(false)).toBeUndefined();
    expect(resolveSysModules(true)).toEqual({ control: false });
    expect(resolveSysModules({ control: true })).toEqual({ control: true });
  });

  it('refuses other values naming the field', () => {
    expect(() => resolveSysModules('yes')).toThrow(InvalidOptionError);
    expect(() => resolveSysModules({ events: true })).toThrow(/sysModules\.events/);
    expect(() => resolveSysModules({ control: 'on' })).toThrow(/sysModules\.control/);
  });
});

describe('parseUri', () => {
  it('reads the module and its arguments of each apcore://system.* URI', () => {
    expect(parseUri('apcore://system.health.summary')).toEqual({
      moduleId: 'system.health.summary',
      arguments: {},
    });
    expect(parseUri('apcore://system.usage.summary?period=24h')).toEqual({
      moduleId: 'system.usage.summary',
      arguments: { period: '24h' },
    });
    expect(parseUri('apcore://system.usage.module/image.resize?period=7d')).toEqual({
      moduleId: 'system.usage.module',
      arguments: { module_id: 'image.resize', period: '7d' },
    });
    expect(parseUri('apcore://system.manifest.module/a%20b')).toEqual({
      moduleId: 'system.manifest.module',
      arguments: { module_id: 'a b' },
    });
  });

  it('is none of its own for other URIs, a period where none is taken, or a bad escape', () => {
    expect(parseUri('docs://system.health.summary')).toBeUndefined();
    expect(parseUri('apcore://system.health.summary/x')).toBeUndefined();
    expect(parseUri('apcore://system.health.summary?period=1h')).toBeUndefined();
    expect(parseUri('apcore://system.health.module/')).toBeUndefined();
    expect(parseUri('apcore://system.health.module/a/b')).toBeUndefined();
    expect(parseUri('apcore://system.manifest.module/%E0%A4%A')).toBeUndefined();
    expect(parseUri('apcore://system.control.update_config')).toBeUndefined();
  });
});

describe('periodStart', () => {
  it('counts back minutes, hours and days; all is from the start', () => {
    expect(periodStart(undefined, 10_000_000)).toBe(0);
    expect(periodStart('all', 10_000_000)).toBe(0);
    expect(periodStart('30m', 10_000_000)).toBe(10_000_000 - 30 * 60_000);
    expect(periodStart('2h', 10_000_000)).toBe(10_000_000 - 2 * 3_600_000);
    expect(periodStart('1d', 100_000_000)).toBe(100_000_000 - 86_400_000);
  });

  it('refuses anything else as invalid input', () => {
    for (const bad of ['0h', '1w', 'soon', 5, '']) {
      expect(() => periodStart(bad, 0)).toThrow(/period must be/);
    }
  });
});

describe('CallSamples', () => {
  const call = (moduleId: string) => ({ tool: moduleId, served: { moduleId } }) as GovernedCall;
  const settled = (failed: boolean) =>
    ({
      durationMs: 5,
      ran: true,
      result: failed
        ? { content: [], isError: true, _meta: { 'apcore/errorCode': 'MODULE_TIMEOUT' } }
        : { content: [] },
    }) as SettledCall;

  it('tells a module degraded when a quarter of its latest calls failed, with the last code', () => {
    const samples = new CallSamples();
    for (let index = 0; index < 3; index += 1) samples.settle(call('a'), settled(false));
    samples.settle(call('a'), settled(true));
    expect(samples.healthOf('a')).toEqual({
      moduleId: 'a',
      status: 'degraded',
      calls: 4,
      errors: 1,
      errorRate: 0.25,
      lastErrorCode: 'MODULE_TIMEOUT',
    });
    expect(samples.healthOf('b').status).toBe('unknown');
  });

  it('cuts a period out of its calls, and says so when older calls were let go', () => {
    let now = 1_000_000;
    const samples = new CallSamples({ maxSamples: 2, now: () => now });
    samples.settle(call('a'), settled(false));
    now += 60_000;
    samples.settle(call('b'), settled(false));
    samples.settle(call('b'), settled(false));
    const lastMinute = samples.usageSince(now - 1000);
    expect(lastMinute.tools.map((tool) => [tool.moduleId, tool.calls])).toEqual([['b', 2]]);
    expect(lastMinute.partial).toBe(false);
    expect(samples.usageSince(0).partial).toBe(true);
  });
});
