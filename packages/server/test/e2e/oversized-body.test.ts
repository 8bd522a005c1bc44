import { connect } from 'node:net';
import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { connectStreamable } from '../helpers/clients.js';

const LIMIT = 1024;
/** Larger than the socket buffers on both sides: unread bytes are left when the answer goes. */
const BODY_BYTES = 6 * 1024 * 1024;
/** Enough rounds that a reset instead of the answer shows up; each takes milliseconds. */
const ROUNDS = 20;

interface RawExchange {
  /** Everything the server sent, as text. */
  received: string;
  /** The socket error, if the exchange ended in one (ECONNRESET when the answer was lost). */
  error?: string;
}

/**
 * Talks HTTP/1.1 over a plain socket, like a simple client: sends the head, then (unless told to
 * wait for `100 Continue`) the whole body without reading, then reads until the server closes.
 */
function exchange(
  port: number,
  head: string,
  body: Buffer | undefined,
  options: { waitForContinue?: boolean } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sentBody = false;
    const sendBody = () => {
      if (sentBody || body === undefined) return;
      sentBody = true;
      socket.write(body);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (options.waitForContinue && received.startsWith('HTTP/1.1 100')) sendBody();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ received, error: error.code ?? error.message }),
    );
    socket.on('close', () => resolve({ received }));
    socket.write(head);
    if (!options.waitForContinue) sendBody();
  });
}

function postHead(path: string, headers: Record<string, string>): string {
  const lines = Object.entries({
    host: '127.0.0.1',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function chunked(body: Buffer): Buffer {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += 16 * 1024) {
    const piece = body.subarray(offset, offset + 16 * 1024);
    pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(pieces);
}

describe('an oversized request body', () => {
  let server: ServerHandle;
  let port: number;
  let path: string;
  const body = Buffer.alloc(BODY_BYTES, 0x20);

  beforeAll(async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      maxBodyBytes: LIMIT,
      logger: createRecordingLogger(),
    });
    const url = new URL(server.url ?? '');
    port = Number(url.port);
    path = url.pathname;
  });

  afterAll(async () => {
    await server.close();
  });

  it('gets its 413 answer every time with a declared Content-Length, never a reset', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const head = postHead(path, { 'content-length': String(body.length) });
      const { received, error } = await exchange(port, head, body);
      expect({ round, error, status: received.slice(0, 12) }).toEqual({
        round,
        error: undefined,
        status: 'HTTP/1.1 413',
      });
      expect(received).toContain(`must not exceed ${LIMIT} bytes`);
    }
  });

  it('gets its 413 answer every time when the body is chunked, never a reset', async () => {
    const encoded = chunked(body);
    for (let round = 0; round < ROUNDS; round++) {
      const head = postHead(path, { 'transfer-encoding': 'chunked' });
      const { received, error } = await exchange(port, head, encoded);
      expect({ round, error, status: received.slice(0, 12) }).toEqual({
        round,
        error: undefined,
        status: 'HTTP/1.1 413',
      });
    }
  });

  it('is refused before 100 Continue when the client asks first', async () => {
    const head = postHead(path, {
      'content-length': String(body.length),
      expect: '100-continue',
    });
    const { received, error } = await exchange(port, head, body, { waitForContinue: true });
    expect(error).toBeUndefined();
    expect(received.startsWith('HTTP/1.1 413')).toBe(true);
    expect(received).not.toContain('100 Continue');
  });

  it('gets 100 Continue and an answer when it fits the limit', async () => {
    const small = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const head = postHead(path, {
      'content-length': String(small.length),
      expect: '100-continue',
      connection: 'close',
    });
    const { received } = await exchange(port, head, small, { waitForContinue: true });
    expect(received.startsWith('HTTP/1.1 100 Continue')).toBe(true);
    // Without a session the endpoint asks for one: the request itself was read and answered.
    expect(received).toContain('HTTP/1.1 400');
  });

  it('leaves the server serving its sessions', async () => {
    const { client } = await connectStreamable(server.url ?? '');
    const result = await client.callTool({ name: 'text-echo', arguments: { text: 'still here' } });
    expect(JSON.parse(firstText(result))).toMatchObject({ text: 'still here' });
    await client.close();
  });
});
