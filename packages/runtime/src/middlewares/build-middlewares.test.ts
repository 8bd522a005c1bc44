import { describe, expect, it } from 'vitest';
import { buildMiddlewares } from './build-middlewares.js';
import { ErrorHistoryMiddleware } from './error-history-middleware.js';
import { LoggingMiddleware } from './logging-middleware.js';
import { RetryMiddleware } from './retry-middleware.js';

/** The message `entries` are refused with under `name`. */
function refusal(entries: unknown, name?: string): string {
  try {
    buildMiddlewares(entries, name === undefined ? {} : { name });
  } catch (error) {
    return (error as Error).message;
  }
  return expect.unreachable('the entries were accepted');
}

describe('buildMiddlewares', () => {
  it('gives each type its contract defaults', () => {
    const [retry, logging, history] = buildMiddlewares([
      { type: 'retry' },
      { type: 'logging' },
      { type: 'error_history' },
    ]);
    expect(retry).toBeInstanceOf(RetryMiddleware);
    expect(retry).toMatchObject({
      maxRetries: 3,
      strategy: 'exponential',
      baseDelayMs: 100,
      maxDelayMs: 5000,
      jitter: true,
    });
    expect(logging).toMatchObject({ logInputs: true, logOutputs: true, logErrors: true });
    expect(history).toMatchObject({ maxEntriesPerModule: 50, maxTotalEntries: 1000 });
  });

  it('forwards snake_case keys and their camelCase aliases', () => {
    const [retry, logging, history] = buildMiddlewares([
      { type: 'retry', max_retries: 5, strategy: 'fixed', baseDelayMs: 10, jitter: false },
      { type: 'logging', log_outputs: false },
      { type: 'error_history', maxTotalEntries: 7 },
    ]);
    expect(retry).toMatchObject({
      maxRetries: 5,
      strategy: 'fixed',
      baseDelayMs: 10,
      jitter: false,
    });
    expect(logging).toBeInstanceOf(LoggingMiddleware);
    expect(logging).toMatchObject({ logOutputs: false, logInputs: true });
    expect(history).toBeInstanceOf(ErrorHistoryMiddleware);
    expect(history).toMatchObject({ maxTotalEntries: 7, maxEntriesPerModule: 50 });
  });

  it('keeps a middleware object of the application in its place', () => {
    const own = { name: 'own', onError: () => null };
    const built = buildMiddlewares([{ type: 'logging' }, own]);
    expect(built[1]).toBe(own);
    expect(refusal([{ max_retries: 3 }])).toContain("missing required 'type'");
  });

  it('reads nothing as no middleware, and refuses what is not a list', () => {
    expect(buildMiddlewares(undefined)).toEqual([]);
    expect(buildMiddlewares(null)).toEqual([]);
    expect(refusal({ type: 'retry' })).toMatch(/^mcp\.middleware: must be a list/);
  });

  it('names the field of a value of the wrong type, under the given name', () => {
    const entries = [{ type: 'logging' }, { type: 'retry', max_retries: 'three' }];
    expect(refusal(entries, 'middleware')).toBe(
      'middleware[1].max_retries: must be an integer of at least 0, got "three"',
    );
    expect(refusal([{ type: 'retry', strategy: 'linear' }])).toContain(
      "mcp.middleware[0].strategy: must be 'exponential' or 'fixed'",
    );
    expect(refusal([{ type: 'logging', log_errors: 'yes' }])).toContain(
      'mcp.middleware[0].log_errors: must be true or false',
    );
    expect(refusal([{ type: 'error_history', max_total_entries: 0 }])).toContain(
      'mcp.middleware[0].max_total_entries: must be an integer of at least 1',
    );
  });

  it('names every unexpected key, and suggests the type meant', () => {
    expect(refusal([{ type: 'retry', retries: 2, delay: 5 }])).toContain(
      "unexpected keys 'retries', 'delay' for type 'retry'",
    );
    expect(refusal([{ type: 'retyr' }])).toContain(
      'mcp.middleware[0].type: unknown type "retyr" (did you mean \'retry\'?)',
    );
    expect(refusal([{ type: 'constructor' }])).toContain('unknown type');
    expect(refusal([{ type: 'retry', max_retries: 1, maxRetries: 2 }])).toContain('given twice');
  });
});
