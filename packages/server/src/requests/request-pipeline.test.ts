import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createToolSource } from '../__fixtures__/tool-source.js';
import { ExecutionRouter } from '../calls/execution-router.js';
import type { McpRequest } from './mcp-request.js';
import { RequestPipeline } from './request-pipeline.js';

function setUp() {
  const logger = createRecordingLogger();
  const router = new ExecutionRouter({
    executor: new Executor(new Registry()),
    tools: createToolSource([]),
    logger,
  });
  const pipeline = new RequestPipeline({ gate: router, logger });
  const request = (method: string): McpRequest => ({
    method,
    target: { kind: 'prompt', name: 'greet', label: 'greet', arguments: {} },
    identity: undefined,
    subject: '@anonymous',
    logger,
    ctx: {} as ServerContext,
    startedAt: performance.now(),
    traceCarrier: undefined,
    protocolVersion: '2026-07-28',
    era: '2026-07-28',
    sessionId: undefined,
    requestId: 1,
    traceId: undefined,
  });
  return { router, pipeline, request, logger };
}

/** A handler answering only once `release` is called. */
function deferred() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, answer: () => released.then(() => ({ messages: [] })) };
}

describe('RequestPipeline', () => {
  it('refuses requests once shutdown began, running nothing', async () => {
    const { router, pipeline, request } = setUp();
    router.stopAccepting();
    let ran = false;
    const answer = () => {
      ran = true;
      return Promise.resolve({ messages: [] });
    };
    await expect(pipeline.run(request('prompts/get'), answer)).rejects.toMatchObject({
      code: -32603,
      message: 'Server is shutting down',
      data: { code: 'SERVER_SHUTTING_DOWN' },
    });
    expect(ran).toBe(false);
  });

  it("keeps the router's drain waiting while a request runs", async () => {
    const { router, pipeline, request } = setUp();
    const handler = deferred();
    const running = pipeline.run(request('resources/read'), handler.answer);
    router.stopAccepting();
    let drained: boolean | undefined;
    const draining = router.drain(60_000).then((result) => {
      drained = result;
    });
    // Let every settled promise run: a drain that did not wait for the request resolves now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBeUndefined();
    expect(router.activeCalls).toBe(0); // requests are not tool calls in the gauge
    handler.release();
    await expect(running).resolves.toEqual({ messages: [] });
    await draining;
    expect(drained).toBe(true);
  });

  it('answers what a handler throws that is not a protocol error without its message', async () => {
    const { pipeline, request, logger } = setUp();
    const failing = () => Promise.reject(new Error('cannot open /etc/secret'));
    const refused = pipeline.run(request('prompts/list'), failing);
    await expect(refused).rejects.toMatchObject({ code: -32603 });
    await expect(refused).rejects.not.toHaveProperty('message', expect.stringContaining('/etc'));
    expect(logger.entries.some((entry) => entry.message === 'prompts/list failed')).toBe(true);
  });
});
