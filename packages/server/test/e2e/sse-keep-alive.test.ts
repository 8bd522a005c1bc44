import * as core from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { INITIALIZE_REQUEST, MCP_POST_HEADERS } from '../helpers/clients.js';
import { modernEnvelope } from '../helpers/modern-raw.js';

/** A keep-alive interval short enough that every quiet stream below sees comments. */
const KEEP_ALIVE_MS = 50;

const KEEP_ALIVE = ': keepalive\n\n';

/** A call that says nothing until the test lets it answer. */
function createQuietRegistry() {
  let release: () => void = () => {};
  let released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const registry = new Registry();
  registry.register(
    'hold.quiet',
    core.defineModule({
      description: 'Answers, without a word before, once the test lets it.',
      inputSchema: { type: 'object', properties: {} },
      execute: async () => {
        await released;
        return { done: true };
      },
    }),
  );
  return {
    registry,
    release: () => {
      release();
      released = Promise.resolve();
    },
  };
}

/** Reads an HTTP body as text, chunk by chunk, as a proxy or a client sees it arrive. */
function readBody(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let text = '';
  return {
    /** Reads on until `done(text so far)` holds or the body ends; resolves with all text read. */
    until: async (done: (text: string) => boolean): Promise<string> => {
      while (!done(text)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += chunk.value;
      }
      return text;
    },
    cancel: () => reader.cancel(),
  };
}

/** The tool result the last `message` event of an event stream carries, and its request id. */
function answerIn(text: string): { id: unknown; output: unknown } {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .at(-1);
  const message = JSON.parse(data?.slice('data: '.length) ?? 'null') as {
    id: unknown;
    result: { content: [{ text: string }] };
  };
  return { id: message.id, output: JSON.parse(message.result.content[0].text) };
}

const toolCall = (id: number, params: Record<string, unknown> = {}) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'hold-quiet', arguments: {}, ...params },
  });

describe('keep-alive comments on quiet event streams (sseKeepAliveMs)', () => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(transport: 'streamable-http' | 'sse') {
    const quiet = createQuietRegistry();
    server = await startServer(quiet.registry, {
      transport,
      port: 0,
      sseKeepAliveMs: KEEP_ALIVE_MS,
      logger: createRecordingLogger(),
    });
    return { url: server.url ?? '', release: quiet.release };
  }

  it('a quiet 2026-07-28 call: its answer becomes an event stream of comments, then the result', async () => {
    const { url, release } = await start('streamable-http');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        ...MCP_POST_HEADERS,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'hold-quiet',
      },
      body: toolCall(1, { _meta: modernEnvelope() }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const body = readBody(response);
    expect(await body.until((text) => text.includes(KEEP_ALIVE))).toMatch(/^(: keepalive\n\n)+$/);
    release();
    const text = await body.until(() => false);
    expect(text.replaceAll(KEEP_ALIVE, '')).toMatch(/^event: message\ndata: \{.*\}\n\n$/);
    expect(answerIn(text)).toEqual({ id: 1, output: { done: true } });
  });

  it('the 2.x client takes such an answer as any other', async () => {
    const { url, release } = await start('streamable-http');
    let streamed = false;
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.headers.get('content-type') === 'text/event-stream') streamed = true;
      return response;
    };
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url,
      fetch: watching,
    });
    try {
      const call = client.callTool('hold-quiet');
      // The answer's headers come only once the call has been quiet for a keep-alive interval.
      await vi.waitFor(() => expect(streamed).toBe(true));
      release();
      expect(JSON.parse(firstText(await call))).toEqual({ done: true });
    } finally {
      await client.close();
    }
  });

  it('a 2025-11-25 session: its POST stream and its GET stream carry comments', async () => {
    const { url, release } = await start('streamable-http');
    const opened = await fetch(url, {
      method: 'POST',
      headers: MCP_POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    await opened.text();
    const session = {
      'mcp-session-id': opened.headers.get('mcp-session-id') ?? '',
      'mcp-protocol-version': '2025-11-25',
    };
    const listening = await fetch(url, {
      headers: { ...session, accept: 'text/event-stream' },
    });
    const notifications = readBody(listening);
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, ...session },
      body: toolCall(2),
    });
    const call = readBody(response);
    expect(await call.until((text) => text.includes(KEEP_ALIVE))).toContain(KEEP_ALIVE);
    expect(await notifications.until((text) => text.includes(KEEP_ALIVE))).toContain(KEEP_ALIVE);
    release();
    expect(answerIn(await call.until(() => false))).toEqual({ id: 2, output: { done: true } });
    await notifications.cancel();
  });

  it('the legacy SSE transport: a quiet session stream carries comments', async () => {
    const { url } = await start('sse');
    const response = await fetch(url, { headers: { accept: 'text/event-stream' } });
    const stream = readBody(response);
    const text = await stream.until((read) => read.includes(KEEP_ALIVE));
    expect(text).toMatch(
      /^event: endpoint\ndata: \/messages\?sessionId=\S+\n\n(: keepalive\n\n)+$/,
    );
    await stream.cancel();
  });
});
