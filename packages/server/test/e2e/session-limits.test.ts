import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText, type RecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import {
  connectSse,
  connectStreamable,
  INITIALIZE_REQUEST,
  MCP_POST_HEADERS,
} from '../helpers/clients.js';

/** Starts a session with a bare `initialize` POST (no stream, nothing else): its session id. */
async function initializeRaw(url: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: MCP_POST_HEADERS,
    body: JSON.stringify(INITIALIZE_REQUEST),
  });
}

/** Whether the server still knows the session (a `tools/list` in it is not answered 404). */
async function sessionAlive(url: string, sessionId: string): Promise<boolean> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...MCP_POST_HEADERS,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  });
  await response.body?.cancel();
  return response.status !== 404;
}

/** The sessions the server logged as expired. */
function expiredSessions(logger: RecordingLogger): unknown[] {
  return logger.entries
    .filter((entry) => entry.message === 'MCP session expired: no request and no open stream')
    .map((entry) => (entry.object as { sessionId?: unknown }).sessionId);
}

describe('HTTP session limits', () => {
  let server: ServerHandle | undefined;
  let logger: RecordingLogger;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: ServeOptions): Promise<string> {
    logger = createRecordingLogger();
    server = await startServer(createFixtureRuntime(core).executor, {
      port: 0,
      logger,
      logLevel: 'debug',
      ...options,
    });
    return server.url ?? '';
  }

  it('refuses a session over maxSessions with 503, Retry-After and a JSON-RPC error; open ones go on', async () => {
    const url = await start({ transport: 'streamable-http', maxSessions: 2 });
    const first = await connectStreamable(url);
    const second = await initializeRaw(url);
    expect(second.status).toBe(200);
    await second.body?.cancel();
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await initializeRaw(url);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Server busy: too many open sessions; retry later' },
        id: 1,
      });
    }
    // Logged once for the busy spell, not once per refusal.
    expect(
      logger.messages('warn').filter((message) => message.startsWith('Refusing new MCP sessions')),
    ).toEqual(['Refusing new MCP sessions: 2 are open, the most maxSessions allows']);
    const result = await first.client.callTool({ name: 'math-add', arguments: { a: 2, b: 2 } });
    expect(JSON.parse(firstText(result))).toEqual({ sum: 4 });
    // A session that ends (DELETE) frees its place.
    await first.transport.terminateSession();
    await first.client.close();
    await vi.waitFor(async () => {
      const again = await initializeRaw(url);
      await again.body?.cancel();
      expect(again.status).toBe(200);
    });
  });

  it('caps SSE sessions the same way', async () => {
    const url = await start({ transport: 'sse', maxSessions: 1 });
    const client = await connectSse(url);
    const refused = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    await refused.body?.cancel();
    const result = await client.callTool({ name: 'math-add', arguments: { a: 1, b: 1 } });
    expect(JSON.parse(firstText(result))).toEqual({ sum: 2 });
    await client.close();
  });

  it('closes a session idle for sessionIdleTimeoutMs, not one with an open stream', async () => {
    const url = await start({ transport: 'streamable-http', sessionIdleTimeoutMs: 300 });
    // Started first, so it has been idle longer than the raw one below, but its GET stream
    // stays open: that is not idle.
    const streaming = await connectStreamable(url);
    await streaming.standaloneStream;
    const raw = await initializeRaw(url);
    const sessionId = raw.headers.get('mcp-session-id') ?? '';
    await raw.body?.cancel();
    expect(sessionId).not.toBe('');
    // Watch the log, not the session: every request to it would count as activity.
    await vi.waitFor(() => expect(expiredSessions(logger)).toContain(sessionId), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await sessionAlive(url, sessionId)).toBe(false);
    expect(expiredSessions(logger)).toEqual([sessionId]);
    const result = await streaming.client.callTool({
      name: 'math-add',
      arguments: { a: 3, b: 4 },
    });
    expect(JSON.parse(firstText(result))).toEqual({ sum: 7 });
    await streaming.client.close();
  });

  it('keeps an idle session open with sessionIdleTimeoutMs: 0', async () => {
    const url = await start({ transport: 'streamable-http', sessionIdleTimeoutMs: 0 });
    const raw = await initializeRaw(url);
    const sessionId = raw.headers.get('mcp-session-id') ?? '';
    await raw.body?.cancel();
    // A second, expiring server would have closed it by now; this one never does.
    const expiringLogger = createRecordingLogger();
    const expiring = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: expiringLogger,
      logLevel: 'debug',
      sessionIdleTimeoutMs: 200,
    });
    try {
      const other = await initializeRaw(expiring.url ?? '');
      const otherId = other.headers.get('mcp-session-id') ?? '';
      await other.body?.cancel();
      await vi.waitFor(() => expect(expiredSessions(expiringLogger)).toContain(otherId), {
        timeout: 10_000,
        interval: 50,
      });
      expect(expiredSessions(logger)).toEqual([]);
      expect(await sessionAlive(url, sessionId)).toBe(true);
    } finally {
      await expiring.close();
    }
  });
});
