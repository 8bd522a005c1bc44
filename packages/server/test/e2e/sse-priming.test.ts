import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyStreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { MCP_POST_HEADERS } from '../helpers/clients.js';

/** The priming event of SEP-1699, as the server writes it: an id, `retry:`, empty data. */
const PRIMING_EVENT = /^id: (\S+)\nretry: 1000\ndata: \n\n/;

let nextId = 2;

/** Opens a session by hand, announcing `protocolVersion`; returns the headers of its requests. */
async function openSession(url: string, protocolVersion: string): Promise<Record<string, string>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: MCP_POST_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
    }),
  });
  await response.text();
  const sessionId = response.headers.get('mcp-session-id') ?? '';
  expect(sessionId).not.toBe('');
  return { 'mcp-session-id': sessionId, 'mcp-protocol-version': protocolVersion };
}

function postCall(
  url: string,
  headers: Record<string, string>,
  name: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Reads a response body until `done(text)` holds (or the body ends); returns the text read. With
 * `hangUp`, then drops the connection, as a client whose network broke.
 */
async function readUntil(
  response: Response,
  done: (text: string) => boolean,
  hangUp = false,
): Promise<string> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (reader !== undefined && !done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += value;
  }
  if (hangUp) await reader?.cancel();
  return text;
}

/** A fetch that keeps the body of every event stream a POST answers, as it arrived. */
function recordingFetch(streams: string[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
    if (init?.method === 'POST' && isStream) {
      const copy = response.clone();
      streams.push('');
      const index = streams.length - 1;
      readUntil(copy, (text) => {
        streams[index] = text;
        return false;
      }).catch(() => {}); // the client may close the stream first
    }
    return response;
  };
}

describe('POST event streams of 2025-11-25 sessions (SEP-1699)', () => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: { stateless?: boolean } = {}): Promise<string> {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
      ...options,
    });
    return server.url ?? '';
  }

  it('open with a priming event (id, retry, empty data) before the answer', async () => {
    const url = await start();
    const headers = await openSession(url, '2025-11-25');
    const response = await postCall(url, headers, 'math-add', { a: 1, b: 2 });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const priming = PRIMING_EVENT.exec(text);
    expect(priming).not.toBeNull();
    const answer = text.slice(priming?.[0].length);
    expect(answer).toMatch(/^event: message\nid: \S+\ndata: \{.*"sum":3.*\}\n\n$/s);
  });

  it('are resumable: GET with the priming id as Last-Event-ID replays the answer', async () => {
    const url = await start();
    const headers = await openSession(url, '2025-11-25');
    // Long enough to be still running when the client goes away, however busy the machine: the
    // close then cancels it (a short call could answer first, and there would be no cancel).
    const response = await postCall(url, headers, 'slow-wait', { ms: 60_000 });
    const primingText = await readUntil(response, (text) => PRIMING_EVENT.test(text), true);
    const lastEventId = PRIMING_EVENT.exec(primingText)?.[1] ?? '';
    // Until the server has seen the connection go, the stream is still attached (409): a client
    // waits `retry` and tries again.
    const resumed = await vi.waitFor(async () => {
      const attempt = await fetch(url, {
        headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastEventId },
      });
      if (attempt.status !== 200) await attempt.text();
      expect(attempt.status).toBe(200);
      return attempt;
    });
    const replayed = await readUntil(resumed, (text) => text.includes('"result"'), true);
    // A request closed before its answer still cancels its call (see Cancellation in the
    // README): the client that comes back learns that, instead of waiting for an answer forever.
    expect(replayed).toMatch(/^event: message\nid: \S+\ndata: \{.*"result".*\}\n\n/s);
    expect(replayed).toContain('"apcore/errorCode":"EXECUTION_CANCELLED"');
  });

  it('keep nothing of a stream delivered in full: resuming it replays nothing', async () => {
    const url = await start();
    const headers = await openSession(url, '2025-11-25');
    const text = await (await postCall(url, headers, 'math-add', { a: 1, b: 2 })).text();
    expect(text).toContain('"sum":3');
    const lastEventId = PRIMING_EVENT.exec(text)?.[1] ?? '';
    // The server forgets the stream once its response has finished, right after the client read it.
    await vi.waitFor(async () => {
      const resumed = await fetch(url, {
        headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastEventId },
      });
      expect(resumed.status).toBe(200);
      expect(await resumed.text()).not.toContain('event: message');
    });
  });

  it('refuse a Last-Event-ID the session never issued, and the session keeps serving', async () => {
    const url = await start();
    const headers = await openSession(url, '2025-11-25');
    const resumed = await fetch(url, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': 'forged:99' },
    });
    expect(resumed.status).toBe(400);
    const text = await (await postCall(url, headers, 'math-add', { a: 2, b: 2 })).text();
    expect(text).toContain('"sum":4');
  });

  it('send no priming event to a client of an older revision, which cannot take empty data', async () => {
    const url = await start();
    const headers = await openSession(url, '2025-06-18');
    const text = await (await postCall(url, headers, 'math-add', { a: 1, b: 2 })).text();
    expect(text).toMatch(/^event: message\nid: \S+\ndata: \{/);
  });

  it('send no priming event without sessions: there is no stream to resume', async () => {
    const url = await start({ stateless: true });
    const headers = { 'mcp-protocol-version': '2025-11-25' };
    const text = await (await postCall(url, headers, 'math-add', { a: 1, b: 2 })).text();
    expect(text).toMatch(/^event: message\ndata: /);
  });

  it.each([
    ['1.x', connectLegacyMajor],
    ['2.x (2025-11-25, its default)', connectModernMajorInLegacyMode],
  ])('serve the %s SDK client, which reads past the priming event', async (_major, connect) => {
    const url = await start();
    const streams: string[] = [];
    const client = await connect(url, recordingFetch(streams));
    try {
      const result = await client.callTool({ name: 'math-add', arguments: { a: 20, b: 22 } });
      expect(firstText(result)).toBe('{"sum":42}');
      await vi.waitFor(() => expect(streams.at(-1)).toMatch(PRIMING_EVENT));
    } finally {
      await client.close();
    }
  });
});

async function connectLegacyMajor(url: string, fetch: typeof globalThis.fetch) {
  const client = new Client({ name: 'priming-v1', version: '1.0.0' });
  await client.connect(new LegacyStreamableHTTPClientTransport(new URL(url), { fetch }));
  return client;
}

async function connectModernMajorInLegacyMode(url: string, fetch: typeof globalThis.fetch) {
  const client = new ModernClient({ name: 'priming-v2', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch }));
  expect(client.getProtocolEra()).toBe('legacy');
  return client;
}
