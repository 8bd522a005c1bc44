import { defineModule } from '@apcore-mcp/core';
import { describe, expect, it, vi } from 'vitest';
import { createExecutor } from './__fixtures__/executor-fixtures.js';
import { ACL } from './acl.js';

async function collect(
  iterable: AsyncIterable<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  const chunks: Array<Record<string, unknown>> = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

const counter = defineModule({
  description: 'Counts up to n',
  inputSchema: {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 1 } },
    required: ['n'],
  },
  outputSchema: {
    type: 'object',
    properties: { count: { type: 'integer' }, done: { type: 'boolean' } },
  },
  async *stream(inputs) {
    for (let count = 1; count <= (inputs.n as number); count += 1) yield { count };
    yield { done: true };
  },
});

describe('Executor.stream', () => {
  it("yields a streaming module's chunks in order", async () => {
    const executor = createExecutor({ counter });
    expect(await collect(executor.stream('counter', { n: 3 }))).toEqual([
      { count: 1 },
      { count: 2 },
      { count: 3 },
      { done: true },
    ]);
  });

  it('yields the one output of a module without stream', async () => {
    const executor = createExecutor({
      plain: defineModule({ description: 'p', inputSchema: {}, execute: () => ({ whole: true }) }),
    });
    expect(await collect(executor.stream('plain', {}))).toEqual([{ whole: true }]);
  });

  it('runs the same checks as call(): lookup, ACL, input validation', async () => {
    const acl = ACL.fromObject({
      rules: [{ callers: ['*'], targets: ['counter'], effect: 'allow' }],
    });
    const executor = createExecutor({ counter, secret: counter }, { acl });
    await expect(collect(executor.stream('nope', {}))).rejects.toMatchObject({
      code: 'MODULE_NOT_FOUND',
    });
    await expect(collect(executor.stream('secret', { n: 1 }))).rejects.toMatchObject({
      code: 'ACL_DENIED',
    });
    await expect(collect(executor.stream('counter', { n: 0 }))).rejects.toMatchObject({
      code: 'SCHEMA_VALIDATION_ERROR',
      details: { errors: [{ field: 'n', code: 'minimum', message: 'must be >= 1' }] },
    });
  });

  it('validates the merged chunks against the output schema', async () => {
    const executor = createExecutor({
      liar: defineModule({
        description: 'l',
        inputSchema: {},
        outputSchema: {
          type: 'object',
          properties: { total: { type: 'number' } },
          required: ['total'],
        },
        async *stream() {
          yield { partial: 1 };
        },
      }),
    });
    const chunks: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of executor.stream('liar', {})) chunks.push(chunk);
    })().catch((caught: unknown) => caught);
    expect(chunks).toEqual([{ partial: 1 }]);
    expect(error).toMatchObject({
      code: 'SCHEMA_VALIDATION_ERROR',
      details: { errors: [{ field: 'total' }] },
    });
  });

  it('runs before on the inputs and shows after the merged output', async () => {
    let merged: unknown;
    const executor = createExecutor({ counter }).use({
      before: (_id, inputs) => ({ ...inputs, n: 2 }),
      after: (_id, _inputs, output) => {
        merged = output;
        return { ignored: true };
      },
    });
    expect(await collect(executor.stream('counter', { n: 9 }))).toHaveLength(3);
    expect(merged).toEqual({ count: 2, done: true });
  });

  it('yields an onError recovery as the last chunk', async () => {
    const executor = createExecutor({
      flaky: defineModule({
        description: 'f',
        inputSchema: {},
        async *stream() {
          yield { step: 1 };
          throw new Error('stream broke');
        },
      }),
    }).use({ onError: (_id, _inputs, error) => ({ recovered: (error as Error).message }) });
    expect(await collect(executor.stream('flaky', {}))).toEqual([
      { step: 1 },
      { recovered: 'stream broke' },
    ]);
  });

  it("passes a module's own failure mid-stream to the consumer as itself", async () => {
    const failure = new Error('stream broke');
    const executor = createExecutor({
      flaky: defineModule({
        description: 'f',
        inputSchema: {},
        async *stream() {
          yield { step: 1 };
          throw failure;
        },
      }),
    });
    await expect(collect(executor.stream('flaky', {}))).rejects.toBe(failure);
  });

  it("stops the module's generator when the consumer stops early", async () => {
    let cleanedUp = false;
    const executor = createExecutor({
      endless: defineModule({
        description: 'e',
        inputSchema: {},
        async *stream() {
          try {
            for (let index = 0; ; index += 1) yield { index };
          } finally {
            cleanedUp = true;
          }
        },
      }),
    });
    for await (const chunk of executor.stream('endless', {})) {
      if (chunk.index === 2) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(cleanedUp).toBe(true);
  });

  it('times out a stream that stalls, aborting its signal', async () => {
    let signal: AbortSignal | undefined;
    const executor = createExecutor(
      {
        stalls: defineModule({
          description: 's',
          inputSchema: {},
          async *stream(_inputs, context) {
            signal = context.signal;
            yield { first: true };
            await new Promise(() => {});
          },
        }),
      },
      { defaultTimeoutMs: 20 },
    );
    const chunks: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of executor.stream('stalls', {})) chunks.push(chunk);
    })().catch((caught: unknown) => caught);
    expect(chunks).toEqual([{ first: true }]);
    expect(error).toMatchObject({
      code: 'MODULE_TIMEOUT',
      details: { moduleId: 'stalls', timeoutMs: 20 },
    });
    expect(signal?.aborted).toBe(true);
  });

  it('refuses a chunk that is neither an object nor content', async () => {
    const executor = createExecutor({
      odd: {
        description: 'o',
        inputSchema: {},
        async *stream() {
          yield 42;
        },
      },
    });
    await expect(collect(executor.stream('odd', {}))).rejects.toMatchObject({
      code: 'MODULE_EXECUTE_ERROR',
    });
  });

  it('merges chunks deeply for output validation and after middlewares', async () => {
    let merged: unknown;
    const executor = createExecutor({
      nested: defineModule({
        description: 'n',
        inputSchema: {},
        outputSchema: {
          type: 'object',
          properties: {
            stats: {
              type: 'object',
              properties: { rows: { type: 'integer' }, errors: { type: 'integer' } },
              required: ['rows', 'errors'],
            },
          },
          required: ['stats'],
        },
        async *stream() {
          yield { stats: { rows: 10 } };
          yield { stats: { errors: 0 } };
        },
      }),
    }).use({
      after: (_id, _inputs, output) => {
        merged = output;
        return null;
      },
    });
    expect(await collect(executor.stream('nested', {}))).toHaveLength(2);
    expect(merged).toEqual({ stats: { rows: 10, errors: 0 } });
  });
});

describe('Executor.call on a module that only streams', () => {
  it('answers with its chunks merged', async () => {
    const executor = createExecutor({ counter });
    expect(await executor.call('counter', { n: 2 })).toEqual({ count: 2, done: true });
  });

  it('stops reading the stream once the call is cancelled', async () => {
    let cleanedUp = false;
    const controller = new AbortController();
    const executor = createExecutor({
      endless: defineModule({
        description: 'e',
        inputSchema: {},
        async *stream() {
          try {
            for (let index = 0; ; index += 1) {
              if (index === 3) controller.abort('enough');
              yield { index };
              await new Promise((resolve) => setImmediate(resolve));
            }
          } finally {
            cleanedUp = true;
          }
        },
      }),
    });
    const context = executor.createContext({ moduleId: 'endless', signal: controller.signal });
    await expect(executor.call('endless', {}, context)).rejects.toMatchObject({
      code: 'EXECUTION_CANCELLED',
    });
    await vi.waitFor(() => expect(cleanedUp).toBe(true));
  });
});
