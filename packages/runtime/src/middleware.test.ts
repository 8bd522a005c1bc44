import { defineModule, ModuleTimeoutError } from '@apcore-mcp/core';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createExecutor } from './__fixtures__/executor-fixtures.js';
import { Context } from './context.js';
import type { Middleware } from './middleware.js';

/** A middleware that logs each hook into `log` and changes nothing. */
function createTracer(name: string, log: string[]): Middleware {
  return {
    name,
    before: (moduleId) => {
      log.push(`${name}.before(${moduleId})`);
    },
    after: () => {
      log.push(`${name}.after`);
      return null;
    },
    onError: (_moduleId, _inputs, error) => {
      log.push(`${name}.onError(${(error as Error).message})`);
      return undefined;
    },
  };
}

const echo = defineModule({
  description: 'e',
  inputSchema: { type: 'object' },
  execute: (inputs) => ({ ...inputs }),
});
const failing = defineModule({
  description: 'f',
  inputSchema: {},
  execute: () => {
    throw new Error('module failed');
  },
});

describe('middleware', () => {
  it('runs before in order and after in reverse order around the module', async () => {
    const log: string[] = [];
    const module = defineModule({
      description: 'm',
      inputSchema: {},
      execute: () => {
        log.push('execute');
        return {};
      },
    });
    const executor = createExecutor({ m: module }, { middlewares: [createTracer('one', log)] });
    executor.use(createTracer('two', log));
    await executor.call('m', {});
    expect(log).toEqual(['one.before(m)', 'two.before(m)', 'execute', 'two.after', 'one.after']);
  });

  it('lets before replace the inputs and after replace the output, async too', async () => {
    const executor = createExecutor({ echo }).use({
      before: async (_moduleId, inputs) => ({ ...inputs, added: true }),
      after: async (_moduleId, inputs, output) => ({ ...output, sawInputs: inputs }),
    });
    expect(await executor.call('echo', { a: 1 })).toEqual({
      a: 1,
      added: true,
      sawInputs: { a: 1, added: true },
    });
  });

  it('threads replacements from one middleware to the next', async () => {
    const executor = createExecutor({ echo })
      .use({
        before: (_id, inputs) => ({ ...inputs, n: 1 }),
        after: (_id, _inputs, output) => ({ ...output, last: 'outer' }),
      })
      .use({
        before: (_id, inputs) => ({ ...inputs, n: (inputs.n as number) + 1 }),
        after: (_id, _inputs, output) => ({ ...output, last: 'inner' }),
      });
    expect(await executor.call('echo', {})).toEqual({ n: 2, last: 'outer' });
  });

  it('hands hooks the call context', async () => {
    let seen: Context | undefined;
    const executor = createExecutor({ echo }).use({
      before: (_id, _inputs, context) => {
        seen = context;
      },
    });
    const parent = Context.create({ identity: { id: 'carol' } });
    await executor.call('echo', {}, parent);
    expect(seen?.callChain).toEqual(['echo']);
    expect(seen?.identity).toEqual({ id: 'carol' });
  });

  it('calls onError in reverse order and rethrows when nobody recovers', async () => {
    const log: string[] = [];
    const executor = createExecutor(
      { failing },
      {
        middlewares: [createTracer('one', log), createTracer('two', log)],
      },
    );
    await expect(executor.call('failing', {})).rejects.toThrow('module failed');
    expect(log).toEqual([
      'one.before(failing)',
      'two.before(failing)',
      'two.onError(module failed)',
      'one.onError(module failed)',
    ]);
  });

  it('recovers with the first output an onError returns', async () => {
    const log: string[] = [];
    const executor = createExecutor(
      { failing },
      {
        middlewares: [
          createTracer('outer', log),
          { name: 'fallback', onError: () => ({ recovered: true }) },
          createTracer('inner', log),
        ],
      },
    );
    expect(await executor.call('failing', {})).toEqual({ recovered: true });
    expect(log).toContain('inner.onError(module failed)');
    expect(log).not.toContain('outer.onError(module failed)');
  });

  it('runs onError only for the middlewares whose before ran', async () => {
    const log: string[] = [];
    const executor = createExecutor(
      { echo },
      {
        middlewares: [
          createTracer('one', log),
          {
            name: 'broken',
            before: () => {
              throw new Error('before failed');
            },
            onError: () => {
              log.push('broken.onError');
            },
          },
          createTracer('three', log),
        ],
      },
    );
    await expect(executor.call('echo', {})).rejects.toThrow('before failed');
    expect(log).toEqual(['one.before(echo)', 'broken.onError', 'one.onError(before failed)']);
  });

  it('logs a throwing onError and still asks the others', async () => {
    const logger = createRecordingLogger();
    const executor = createExecutor(
      { failing },
      {
        logger,
        middlewares: [
          { name: 'rescuer', onError: () => ({ rescued: true }) },
          {
            name: 'clumsy',
            onError: () => {
              throw new Error('onError failed');
            },
          },
        ],
      },
    );
    expect(await executor.call('failing', {})).toEqual({ rescued: true });
    expect(logger.at('error')[0]?.object).toMatchObject({
      middleware: 'clumsy',
      moduleId: 'failing',
    });
  });

  it('is not involved when the call fails before the middleware stage', async () => {
    const log: string[] = [];
    const strict = defineModule({
      description: 's',
      inputSchema: { type: 'object', required: ['x'] },
      execute: () => ({}),
    });
    const executor = createExecutor({ strict }, { middlewares: [createTracer('one', log)] });
    await expect(executor.call('strict', {})).rejects.toMatchObject({
      code: 'SCHEMA_VALIDATION_ERROR',
    });
    await expect(executor.call('missing', {})).rejects.toMatchObject({ code: 'MODULE_NOT_FOUND' });
    expect(log).toEqual([]);
  });

  it('sees timeouts and output validation failures in onError', async () => {
    const errors: unknown[] = [];
    const executor = createExecutor(
      {
        hangs: defineModule({
          description: 'h',
          inputSchema: {},
          execute: () => new Promise(() => {}),
        }),
        liar: defineModule({
          description: 'l',
          inputSchema: {},
          outputSchema: { type: 'object', required: ['x'] },
          execute: () => ({}),
        }),
      },
      {
        defaultTimeoutMs: 20,
        middlewares: [{ onError: (_id, _inputs, error) => void errors.push(error) }],
      },
    );
    await expect(executor.call('hangs', {})).rejects.toMatchObject({ code: 'MODULE_TIMEOUT' });
    await expect(executor.call('liar', {})).rejects.toMatchObject({
      code: 'SCHEMA_VALIDATION_ERROR',
    });
    expect(ModuleTimeoutError.isInstance(errors[0])).toBe(true);
    expect(errors[1]).toMatchObject({ code: 'SCHEMA_VALIDATION_ERROR' });
  });

  it('skips onError for a cancelled call', async () => {
    const log: string[] = [];
    const executor = createExecutor({ echo }, { middlewares: [createTracer('one', log)] });
    const controller = new AbortController();
    controller.abort();
    await expect(
      executor.call('echo', {}, Context.create({ signal: controller.signal })),
    ).rejects.toMatchObject({
      code: 'EXECUTION_CANCELLED',
    });
    expect(log).toEqual(['one.before(echo)']);
  });

  it('can be listed and removed', async () => {
    const log: string[] = [];
    const tracer = createTracer('one', log);
    const executor = createExecutor({ echo }).use(tracer);
    expect(executor.middlewares).toEqual([tracer]);
    expect(executor.remove(tracer)).toBe(true);
    expect(executor.remove(tracer)).toBe(false);
    await executor.call('echo', {});
    expect(log).toEqual([]);
  });
});
