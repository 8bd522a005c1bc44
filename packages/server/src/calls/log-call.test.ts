import { createToolErrorResult } from '@apcore-mcp/errors';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { logCall } from './log-call.js';

const startedAt = performance.now();

describe('logCall', () => {
  it('logs a module error at warn, with its cause and the trace id its context names', () => {
    const logger = createRecordingLogger();
    const cause = new Error('socket closed');
    logCall(logger, {
      tool: 'orders-refund',
      result: createToolErrorResult('Module error: PAYMENT_FAILED', 'PAYMENT_FAILED'),
      startedAt,
      failure: { thrown: { code: 'PAYMENT_FAILED', message: 'failed', cause } },
      context: { traceId: 'abc123' },
    });
    expect(logger.entries).toEqual([
      {
        level: 'warn',
        message: 'Tool call failed',
        object: {
          tool: 'orders-refund',
          errorCode: 'PAYMENT_FAILED',
          traceId: 'abc123',
          durationMs: expect.any(Number),
          err: cause,
        },
      },
    ]);
  });

  it("prefers the call's own trace id to the error's and the context's", () => {
    const logger = createRecordingLogger();
    logCall(logger, {
      tool: 'x',
      result: createToolErrorResult('Module timed out', 'MODULE_TIMEOUT'),
      startedAt,
      traceId: 'from-traceparent',
      failure: { thrown: { code: 'MODULE_TIMEOUT', message: 't', traceId: 'from-error' } },
      context: { traceId: 'from-context' },
    });
    expect(logger.entries[0]?.object).toMatchObject({ traceId: 'from-traceparent' });
  });

  it('logs an unexpected failure at error, with the error itself', () => {
    const logger = createRecordingLogger();
    const thrown = new TypeError('x is undefined');
    logCall(logger, {
      tool: 'x',
      result: createToolErrorResult('Internal error occurred', 'INTERNAL_ERROR'),
      startedAt,
      failure: { thrown },
    });
    expect(logger.at('error')).toEqual([
      expect.objectContaining({ object: expect.objectContaining({ err: thrown }) }),
    ]);
  });

  it('survives errors whose getters throw, and loggers that throw', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no');
        },
      },
    );
    const logger = createRecordingLogger();
    const result = createToolErrorResult('Internal error occurred', 'INTERNAL_ERROR');
    logCall(logger, {
      tool: 'x',
      result,
      startedAt,
      failure: { thrown: hostile },
      context: hostile,
    });
    expect(logger.at('error')).toHaveLength(1);
    const throwing = {
      ...logger,
      error: () => {
        throw new Error('disk full');
      },
    };
    expect(() => logCall(throwing, { tool: 'x', result, startedAt })).not.toThrow();
  });
});
