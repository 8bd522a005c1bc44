import { defineModule, ModuleError } from '@apcore-mcp/core';
import { markAskedUser } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createExecutor, rejectionOf } from '../__fixtures__/executor-fixtures.js';
import { Context } from '../context.js';
import { RetryMiddleware } from './retry-middleware.js';
import { RetrySignal } from './retry-signal.js';

const busy = () =>
  new ModuleError({ code: 'UPSTREAM_BUSY', message: 'upstream busy', retryable: true });

/** A module failing `failures` times with `error()`, then answering `{ attempt }`. */
function flaky(options: {
  failures: number;
  annotations?: Record<string, boolean>;
  error?: () => unknown;
  beforeFailing?: (context: Context) => void;
}) {
  const attempts = { count: 0 };
  const module = defineModule({
    description: 'flaky',
    inputSchema: {},
    annotations: options.annotations ?? { idempotent: true },
    execute: (_inputs, context) => {
      attempts.count += 1;
      options.beforeFailing?.(context as Context);
      if (attempts.count <= options.failures) throw (options.error ?? busy)();
      return { attempt: attempts.count };
    },
  });
  return { module, attempts };
}

const quick = { baseDelayMs: 0, jitter: false };

describe('RetryMiddleware', () => {
  it('runs a retryable failure of an idempotent or read-only module again, logging each retry', async () => {
    for (const annotations of [{ idempotent: true }, { readonly: true }] as Record<
      string,
      boolean
    >[]) {
      const { module, attempts } = flaky({ failures: 2, annotations });
      const logger = createRecordingLogger();
      const executor = createExecutor({ m: module }).use(new RetryMiddleware({ ...quick, logger }));
      await expect(executor.call('m', {})).resolves.toEqual({ attempt: 3 });
      expect(attempts.count).toBe(3);
      expect(logger.warnings()).toEqual([
        'Retrying m (1 of 3) in 0 ms',
        'Retrying m (2 of 3) in 0 ms',
      ]);
    }
  });

  it('never runs a module that is neither idempotent nor read-only again', async () => {
    const { module, attempts } = flaky({ failures: 1, annotations: {} });
    const executor = createExecutor({ m: module }).use(new RetryMiddleware(quick));
    expect((await rejectionOf(executor.call('m', {}))).code).toBe('UPSTREAM_BUSY');
    expect(attempts.count).toBe(1);
  });

  it('never retries an error that does not say it is retryable, nor an unknown error', async () => {
    const errors = [
      () => new ModuleError({ code: 'PAYMENT_DECLINED', message: 'no', retryable: false }),
      () => new ModuleError({ code: 'UPSTREAM_BUSY', message: 'says nothing' }),
      () => new Error('boom'),
    ];
    for (const error of errors) {
      const { module, attempts } = flaky({ failures: 1, error });
      const executor = createExecutor({ m: module }).use(new RetryMiddleware(quick));
      await rejectionOf(executor.call('m', {}));
      expect(attempts.count).toBe(1);
    }
  });

  it('never runs a call again once it asked its user something', async () => {
    const { module, attempts } = flaky({
      failures: 1,
      beforeFailing: (context) => markAskedUser(context.data),
    });
    const executor = createExecutor({ m: module }).use(new RetryMiddleware(quick));
    await rejectionOf(executor.call('m', {}));
    expect(attempts.count).toBe(1);
  });

  it('stops at maxRetries and answers the last error', async () => {
    const { module, attempts } = flaky({ failures: 10 });
    const executor = createExecutor({ m: module }).use(
      new RetryMiddleware({ ...quick, maxRetries: 2 }),
    );
    expect((await rejectionOf(executor.call('m', {}))).message).toBe('upstream busy');
    expect(attempts.count).toBe(3);
  });

  it('stops waiting, and retries no more, when the call is cancelled', async () => {
    const controller = new AbortController();
    const { module, attempts } = flaky({
      failures: 1,
      // Cancelled while the module fails: the (hour-long) wait before the retry ends at once.
      beforeFailing: () => controller.abort(new Error('client went away')),
    });
    const executor = createExecutor({ m: module }).use(
      new RetryMiddleware({ baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 }),
    );
    const caller = Context.create({ executor, signal: controller.signal });
    await rejectionOf(executor.call('m', {}, caller));
    expect(attempts.count).toBe(1);
  });

  it('never runs a stream again', async () => {
    const { module, attempts } = flaky({ failures: 1 });
    const executor = createExecutor({ m: module }).use(new RetryMiddleware(quick));
    const read = async () => {
      for await (const _chunk of executor.stream('m', {})) {
        // reading
      }
    };
    await rejectionOf(read());
    expect(attempts.count).toBe(1);
  });

  it('counts retries per call: the next call gets its own', async () => {
    const { module, attempts } = flaky({ failures: 1 });
    const executor = createExecutor({ m: module }).use(
      new RetryMiddleware({ ...quick, maxRetries: 1 }),
    );
    await expect(executor.call('m', {})).resolves.toEqual({ attempt: 2 });
    attempts.count = 0;
    await expect(executor.call('m', {})).resolves.toEqual({ attempt: 2 });
  });
});

describe('RetrySignal', () => {
  it('runs the module again with the inputs it carries, after before ran once', async () => {
    const seen: unknown[] = [];
    let befores = 0;
    const module = defineModule({
      description: 'm',
      inputSchema: {},
      execute: (inputs) => {
        seen.push(inputs);
        if (seen.length === 1) throw new Error('first attempt fails');
        return { ok: true };
      },
    });
    const executor = createExecutor({ m: module }).use({
      before: () => {
        befores += 1;
      },
      onError: (_moduleId, inputs) => new RetrySignal({ ...inputs, second: true }),
    });
    await expect(executor.call('m', { a: 1 })).resolves.toEqual({ ok: true });
    expect(seen).toEqual([{ a: 1 }, { a: 1, second: true }]);
    expect(befores).toBe(1);
  });

  it('is not honoured when before itself failed', async () => {
    const executor = createExecutor({ m: flaky({ failures: 0 }).module }).use({
      before: () => {
        throw new Error('before failed');
      },
      onError: (_moduleId, inputs) => new RetrySignal(inputs),
    });
    expect((await rejectionOf(executor.call('m', {}))).message).toBe('before failed');
  });

  it('is recognised across copies of the runtime', () => {
    expect(RetrySignal.isInstance(new RetrySignal({}))).toBe(true);
    expect(RetrySignal.isInstance({ inputs: {} })).toBe(false);
  });
});
