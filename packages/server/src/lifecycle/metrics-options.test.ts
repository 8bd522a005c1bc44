import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { resolveMetricsOptions } from './metrics-options.js';

describe('resolveMetricsOptions', () => {
  it('is off by default; true or an application registry turn it on', () => {
    expect(resolveMetricsOptions({}, 'stdio', false)).toEqual({
      metrics: false,
      metricsPort: undefined,
    });
    expect(resolveMetricsOptions({ metrics: true }, 'sse', false).metrics).toBe(true);
    const registry = new Registry();
    expect(resolveMetricsOptions({ metrics: { registry } }, 'sse', false).metrics).toEqual({
      registry,
    });
  });

  it('turns metrics on for a stdio metricsPort', () => {
    expect(resolveMetricsOptions({ metricsPort: 9464 }, 'stdio', false)).toEqual({
      metrics: true,
      metricsPort: 9464,
    });
  });

  it('refuses a metricsPort over HTTP or with metrics: false, and a registry that is none', () => {
    expect(() => resolveMetricsOptions({ metricsPort: 9464 }, 'streamable-http', false)).toThrow(
      invalidOption(
        'metricsPort',
        'metricsPort applies to transport stdio only; streamable-http serves GET /metrics on its own port',
      ),
    );
    expect(() =>
      resolveMetricsOptions({ metrics: false, metricsPort: 9464 }, 'stdio', false),
    ).toThrow(
      invalidOption('metricsPort', 'metricsPort needs metrics; it was given with metrics: false'),
    );
    expect(() => resolveMetricsOptions({ metricsPort: 0 }, 'stdio', false)).toThrow(
      invalidOption('port'),
    );
    expect(() =>
      resolveMetricsOptions({ metrics: { registry: {} } as never }, 'stdio', false),
    ).toThrow(invalidOption('metrics'));
  });
});
