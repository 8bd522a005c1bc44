import * as core from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../../src/lifecycle/start-server.js';
import { startServer } from '../../src/lifecycle/start-server.js';
import { registerLoggingModules } from '../fixtures/logging-modules.mjs';
import { spawnChildServer } from '../helpers/child-server.js';
import { LOG_LEVEL_META_KEY } from '../helpers/logging-clients.js';
import { MODERN_REVISION, modernEnvelope } from '../helpers/modern-raw.js';

type Message = Record<string, unknown> & { id?: number; method?: string; params?: unknown };

/** A 2026-07-28 request as the 2.x client frames it, its envelope carrying `logLevel` if given. */
function modernRequest(
  id: number,
  method: string,
  params: Record<string, unknown>,
  logLevel?: string,
) {
  const envelope = modernEnvelope();
  if (logLevel !== undefined) envelope[LOG_LEVEL_META_KEY] = logLevel;
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } };
}

/** Every JSON-RPC message of a response body: a JSON one, or the `data:` lines of an SSE one. */
function messagesOf(text: string): Message[] {
  if (text.trimStart().startsWith('{')) return [JSON.parse(text) as Message];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim())
    .filter((data) => data.startsWith('{'))
    .map((data) => JSON.parse(data) as Message);
}

describe('2026-07-28 log lines on the wire, Streamable HTTP', () => {
  let server: ServerHandle;
  beforeAll(async () => {
    const registry = new Registry();
    registerLoggingModules(core, registry);
    server = await startServer(new Executor(registry), {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
  });
  afterAll(() => server.close());

  async function post(body: Message & { method: string }) {
    const params = body.params as { name?: string };
    const response = await fetch(server.url ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN_REVISION,
        'mcp-method': body.method,
        ...(params.name === undefined ? {} : { 'mcp-name': params.name }),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, messages: messagesOf(await response.text()) };
  }

  it('travel on the response stream of the request that asked, before its answer', async () => {
    const { messages } = await post(
      modernRequest(1, 'tools/call', { name: 'log-steps', arguments: {} }, 'warning'),
    );
    expect(messages.map((message) => message.method ?? `answer ${message.id}`)).toEqual([
      'notifications/message',
      'notifications/message',
      'answer 1',
    ]);
    expect(messages[0]?.params).toEqual({
      level: 'warning',
      logger: 'log.steps',
      data: { message: 'step 3: warning', data: { skipped: 2 } },
    });
  });

  it('are never sent for a request without a log level', async () => {
    const { messages } = await post(
      modernRequest(2, 'tools/call', { name: 'log-steps', arguments: {} }),
    );
    expect(messages.map((message) => message.method ?? `answer ${message.id}`)).toEqual([
      'answer 2',
    ]);
  });

  it('has no logging/setLevel on this revision: 404 with -32601', async () => {
    const { status, messages } = await post(
      modernRequest(3, 'logging/setLevel', { level: 'debug' }),
    );
    expect(status).toBe(404);
    expect(messages[0]).toMatchObject({ id: 3, error: { code: -32601 } });
  });
});

describe('log lines over stdio (child process, raw JSON-RPC)', () => {
  it('reach the client before the answer and the pino log on stderr; stdout holds only JSON-RPC', async () => {
    const server = spawnChildServer('stdio-server.mjs', {
      FIXTURE_LOG_LEVEL: 'debug',
      FIXTURE_LOGGING: '1',
    });
    try {
      server.send(modernRequest(7, 'tools/call', { name: 'log-steps', arguments: {} }, 'info'));
      await server.waitForMessage((message) => message.id === 7);
      await server.waitForStderr('step 4: error');
      const stdout = server.stdoutLines.map((line) => JSON.parse(line) as Message);
      expect(stdout.every((message) => message.jsonrpc === '2.0')).toBe(true);
      expect(stdout.map((message) => message.method ?? `answer ${message.id}`)).toEqual([
        'notifications/message',
        'notifications/message',
        'notifications/message',
        'answer 7',
      ]);
      const records = server
        .stderr()
        .split('\n')
        .filter((line) => line.includes('"mcpLevel"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(records.map(({ msg, mcpLevel }) => [mcpLevel, msg])).toEqual([
        ['debug', 'step 1: debug'],
        ['info', 'step 2: info'],
        ['warning', 'step 3: warning'],
        ['error', 'step 4: error'],
      ]);
      for (const record of records) {
        expect(record).toMatchObject({ name: 'apcore-mcp', moduleId: 'log.steps' });
        expect(record.traceId).toEqual(expect.any(String));
      }
    } finally {
      server.child.kill();
      await server.exited;
    }
  });
});
