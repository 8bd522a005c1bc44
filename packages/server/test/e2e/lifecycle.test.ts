import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, serve, startServer } from '../../src/index.js';
import { connectSse, connectStreamable } from '../helpers/clients.js';

/** A registry with one module that tells when it started and waits for its signal or `ms`. */
function createSlowRegistry(ms: number) {
  const registry = new runtime.Registry();
  const started: Array<() => void> = [];
  const signals: AbortSignal[] = [];
  const whenStarted = new Promise<void>((resolve) => started.push(resolve));
  registry.register(
    'slow.work',
    core.defineModule({
      description: 'Works for a while.',
      inputSchema: { type: 'object', properties: {} },
      execute: (_inputs, context) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          signals.push(context.signal);
          for (const notify of started) notify();
          const timer = setTimeout(() => resolve({ done: true }), ms);
          context.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(context.signal.reason);
          });
        }),
    }),
  );
  return { registry, whenStarted, signals };
}

describe('startServer and shutdown', () => {
  it('logs the startup line with tool count, transport and URL, and runs the hooks', async () => {
    const logger = createRecordingLogger();
    const events: string[] = [];
    const server = await startServer(createSlowRegistry(0).registry, {
      transport: 'streamable-http',
      port: 0,
      logger,
      onStartup: () => {
        events.push('startup');
      },
      onShutdown: () => {
        events.push('shutdown');
      },
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(logger.messages('info')).toContain(
      `apcore-mcp server started: 1 tools registered, transport=streamable-http, url=${server.url}`,
    );
    expect(events).toEqual(['startup']);
    await server.close();
    await server.closed;
    expect(events).toEqual(['startup', 'shutdown']);
    await expect(fetch(server.url ?? '')).rejects.toThrow();
  });

  it('lets an in-flight call finish before closing', async () => {
    const { registry, whenStarted } = createSlowRegistry(300);
    const logger = createRecordingLogger();
    const server = await startServer(registry, { transport: 'streamable-http', port: 0, logger });
    const { client } = await connectStreamable(server.url ?? '');
    const call = client.callTool({ name: 'slow-work', arguments: {} });
    await whenStarted;
    const closing = server.close();
    const result = await call;
    expect(JSON.parse(firstText(result))).toEqual({ done: true });
    await closing;
    expect(logger.messages('info')).toContain('Waiting for in-flight calls to finish');
    expect(logger.messages('info')).toContain('apcore-mcp server stopped');
  });

  // Tracing adds steps between a call settling and its answer reaching the transport.
  it.each([
    ['', false],
    [', traced', true],
  ])(
    'cancels calls still running when the grace period is over, and answers them%s',
    async (_, tracing) => {
      const { registry, whenStarted, signals } = createSlowRegistry(60_000);
      const logger = createRecordingLogger();
      const server = await startServer(registry, {
        transport: 'sse',
        port: 0,
        logger,
        shutdownGraceMs: 100,
        tracing,
      });
      const client = await connectSse(server.url ?? '');
      const call = client
        .callTool({ name: 'slow-work', arguments: {} })
        .catch((error: unknown) => error);
      await whenStarted;
      await server.close();
      expect(signals[0]?.aborted).toBe(true);
      expect(logger.messages('warn')).toContain(
        'Shutdown grace period over; cancelling in-flight calls',
      );
      expect(await call).toMatchObject({ isError: true });
      await client.close();
    },
  );

  it('warns that SSE is deprecated', async () => {
    const logger = createRecordingLogger();
    const server = await startServer(new runtime.Registry(), { transport: 'sse', port: 0, logger });
    expect(logger.messages('warn')).toContain(
      'SSE transport is deprecated; use streamable-http instead',
    );
    expect(server.url).toMatch(/\/sse$/);
    await server.close();
  });

  it('closes again when onStartup fails, and rejects with its error', async () => {
    const failure = new Error('no database');
    const logger = createRecordingLogger();
    await expect(
      startServer(new runtime.Registry(), {
        transport: 'streamable-http',
        port: 0,
        logger,
        onStartup: () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(logger.messages('info')).toContain('apcore-mcp server stopped');
  });

  it('makes close() idempotent', async () => {
    const server = await startServer(new runtime.Registry(), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    await Promise.all([server.close(), server.close()]);
    await server.close();
  });
});

describe('serve()', () => {
  it('rejects bad arguments and options before starting anything', async () => {
    const registry = new runtime.Registry();
    const refusal = await serve(registry, { transport: 'streamable-http', port: 0 }).catch(
      (error: unknown) => error,
    );
    expect(InvalidOptionError.isInstance(refusal)).toBe(true);
    expect(refusal).toMatchObject({
      option: 'port',
      value: 0,
      expected: 'an integer between 1 and 65535',
      message: 'Port must be between 1 and 65535, got 0',
    });
    await expect(serve(registry, { transport: 'websocket' })).rejects.toThrow(
      "Unknown transport: 'websocket'. Must be one of: stdio, streamable-http, sse",
    );
    await expect(serve(42 as never)).rejects.toThrow(
      new TypeError('Expected Registry or Executor instance, got number'),
    );
  });
});

describe('authenticate over HTTP', () => {
  it('hands the authenticated identity to the module context', async () => {
    const registry = new runtime.Registry();
    registry.register(
      'who.am.i',
      core.defineModule({
        description: 'Names the caller.',
        inputSchema: { type: 'object', properties: {} },
        execute: (_inputs, context) => ({ id: context.identity?.id ?? null }),
      }),
    );
    const server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      authenticate: (request) => {
        const user = request.headers['x-user'];
        return typeof user === 'string' ? { id: user } : null;
      },
    });
    const client = new Client({ name: 'auth-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url ?? ''), {
        requestInit: { headers: { 'x-user': 'grace' } },
      }),
    );
    const result = await client.callTool({ name: 'who-am-i', arguments: {} });
    expect(JSON.parse(firstText(result))).toEqual({ id: 'grace' });
    await client.close();
    await server.close();
  });
});
