import { defineModule } from '@apcore-mcp/core';
import type { ExecutorLike } from '@apcore-mcp/core/bridge';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import { createToolSource } from '../__fixtures__/tool-source.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { ExecutionRouter } from './execution-router.js';

const plainTool: McpTool = { name: 'x.run', inputSchema: { type: 'object' } };
const structuredTool: McpTool = {
  name: 'x.structured',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: {} },
};

function createExecutor(call: ExecutorLike['call']): ExecutorLike {
  const registry = new ForeignRegistry();
  registry.add(describeModule('x.run'));
  return { registry, call };
}

describe('ExecutionRouter', () => {
  it('adds structuredContent only for tools with an output schema', async () => {
    const router = new ExecutionRouter({
      executor: createExecutor(async () => ({ at: new Date(0), n: 2n })),
      tools: createToolSource([plainTool, structuredTool]),
    });
    const plain = await router.handleCall('x.run', {});
    expect(plain).toEqual({
      content: [{ type: 'text', text: '{"at":"1970-01-01T00:00:00.000Z","n":"2"}' }],
    });
    const structured = await router.handleCall('x.structured', {});
    expect(structured.structuredContent).toEqual({ at: '1970-01-01T00:00:00.000Z', n: '2' });
  });

  it('never throws: a throwing executor, a thrown string, a throwing getter all become results', async () => {
    const failures: unknown[] = [
      new Error('boom'),
      'a string',
      undefined,
      Object.defineProperty({}, 'code', {
        get() {
          throw new Error('hostile');
        },
      }),
    ];
    for (const failure of failures) {
      const router = new ExecutionRouter({
        executor: createExecutor(() => {
          throw failure;
        }),
        tools: createToolSource([plainTool]),
        logger: createRecordingLogger(),
      });
      const result = await router.handleCall('x.run', {});
      expect(result).toMatchObject({
        isError: true,
        content: [
          { type: 'text', text: 'Internal error occurred' },
          { type: 'text' /* the AI guidance appendix */ },
        ],
      });
    }
  });

  it('answers "Server is shutting down" once stopped, and drains running calls', async () => {
    let finish: (value: Record<string, unknown>) => void = () => {};
    const router = new ExecutionRouter({
      executor: createExecutor(() => new Promise((resolve) => (finish = resolve))),
      tools: createToolSource([plainTool]),
    });
    const running = router.handleCall('x.run', {});
    expect(router.activeCalls).toBe(1);
    router.stopAccepting();
    expect(await router.handleCall('x.run', {})).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Server is shutting down' }],
      _meta: { 'apcore/errorCode': 'SERVER_SHUTTING_DOWN' },
    });
    expect(await router.drain(10)).toBe(false);
    finish({ ok: true });
    expect(await router.drain(1000)).toBe(true);
    expect(await running).toMatchObject({ content: [{ text: '{"ok":true}' }] });
    expect(router.activeCalls).toBe(0);
  });

  it('logs one line per call: debug for a success, warn for a refusal', async () => {
    const logger = createRecordingLogger();
    const router = new ExecutionRouter({
      executor: createExecutor(async () => ({})),
      tools: createToolSource([plainTool]),
      logger,
    });
    await router.handleCall('x.run', { secret: 'hunter2' });
    await router.handleCall('x.missing', { secret: 'hunter2' });
    expect(logger.entries.filter((entry) => entry.message?.startsWith('Tool call'))).toEqual([
      {
        level: 'debug',
        message: 'Tool call',
        object: { tool: 'x.run', durationMs: expect.any(Number) },
      },
      {
        level: 'warn',
        message: 'Tool call failed',
        object: {
          tool: 'x.missing',
          durationMs: expect.any(Number),
          errorCode: 'MODULE_NOT_FOUND',
        },
      },
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain('hunter2');
  });

  it('builds no call record for a logger whose debug level is off (pino, for one)', async () => {
    const enabled: string[] = [];
    const logger = Object.assign(createRecordingLogger(), {
      isLevelEnabled: (level: string) => {
        enabled.push(level);
        return level !== 'debug';
      },
    });
    const router = new ExecutionRouter({
      executor: createExecutor(async () => ({})),
      tools: createToolSource([plainTool]),
      logger,
    });
    await router.handleCall('x.run');
    expect(enabled).toContain('debug');
    expect(logger.messages('debug')).toEqual([]);
  });

  it('answers and counts the call down even when the logger throws', async () => {
    const logger = Object.assign(createRecordingLogger(), {
      debug: () => {
        throw new Error('disk full');
      },
    });
    const router = new ExecutionRouter({
      executor: createExecutor(async () => ({ ok: true })),
      tools: createToolSource([plainTool]),
      logger,
    });
    expect(await router.handleCall('x.run')).toMatchObject({ content: [{ text: '{"ok":true}' }] });
    expect(await router.handleCall('x.missing')).toMatchObject({ isError: true });
    expect(router.activeCalls).toBe(0);
  });

  it("logs a pino logger's call records at debug level, and none at info", async () => {
    const lines: string[] = [];
    const destination = { write: (line: string) => lines.push(line) };
    for (const level of ['debug', 'info'] as const) {
      lines.length = 0;
      const router = new ExecutionRouter({
        executor: createExecutor(async () => ({})),
        tools: createToolSource([plainTool]),
        logger: pino({ level }, destination),
      });
      await router.handleCall('x.run');
      const records = lines.map((line) => JSON.parse(line) as { msg: string; tool?: string });
      expect(records.filter((record) => record.msg === 'Tool call')).toHaveLength(
        level === 'debug' ? 1 : 0,
      );
    }
  });

  it('skips validateInputs for a schema that does not compile, with a warning', async () => {
    const logger = createRecordingLogger();
    const odd: McpTool = {
      name: 'x.run',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'nonsense' } },
      } as McpTool['inputSchema'],
    };
    const router = new ExecutionRouter({
      executor: createExecutor(async () => ({ ran: true })),
      tools: createToolSource([odd]),
      validateInputs: true,
      logger,
    });
    expect(await router.handleCall('x.run', { a: 1 })).toMatchObject({
      content: [{ text: '{"ran":true}' }],
    });
    expect(logger.messages('warn')[0]).toMatch(/does not compile; validateInputs skipped/);
  });

  it('runs many calls at once without a listener-leak warning, and aborts them all at shutdown', async () => {
    const registry = new Registry();
    registry.register(
      'x.wait',
      defineModule({
        description: 'Waits until its call is cancelled.',
        inputSchema: {},
        execute: (_inputs, context) =>
          new Promise((_resolve, reject) => {
            context.signal.addEventListener('abort', () => reject(context.signal.reason));
          }),
      }),
    );
    const router = new ExecutionRouter({
      executor: new Executor(registry),
      tools: createToolSource([{ name: 'x.wait', inputSchema: { type: 'object' } }]),
    });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const calls = Array.from({ length: 50 }, () => router.handleCall('x.wait', {}));
      await expect.poll(() => router.activeCalls).toBe(50);
      router.abortAll();
      const results = await Promise.all(calls);
      expect(results.every((result) => result.isError === true)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
