import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import {
  connectModernStreamable,
  connectSseSession,
  connectStreamable,
  MCP_POST_HEADERS,
} from '../helpers/clients.js';
import { type DeepRequest, deepRequests, nestedArrays, refusalOf } from '../helpers/deep-json.js';
import { MODERN_REVISION, modernEnvelope } from '../helpers/modern-raw.js';

/** Posts a raw body; answers the status and the answer's JSON. */
async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; answer: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body,
  });
  const text = await response.text();
  // Kept as text when it is not JSON, so that a failure shows what came back.
  return { status: response.status, answer: text.startsWith('{') ? JSON.parse(text) : text };
}

/** A `text-echo` call of a client of either SDK major: its answer's text. */
async function echo(
  client: {
    callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  },
  args: Record<string, unknown>,
): Promise<unknown> {
  return JSON.parse(firstText(await client.callTool({ name: 'text-echo', arguments: args })));
}

/** One test per too deep request: each gets 400 and its error, and the server still serves. */
function itRefusesEach(
  requests: DeepRequest[],
  send: (request: DeepRequest) => Promise<{ status: number; answer: unknown }>,
  stillServes: () => Promise<unknown>,
): void {
  for (const request of requests) {
    it(`refuses ${request.name} with 400, then still serves`, async () => {
      expect(await send(request)).toEqual({ status: 400, answer: refusalOf(request) });
      expect(await stillServes()).toMatchObject({ text: 'still here' });
    });
  }
}

describe('deeply nested JSON over Streamable HTTP', () => {
  let server: ServerHandle;
  let url: string;

  beforeAll(async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    url = server.url ?? '';
  });

  afterAll(async () => {
    await server.close();
  });

  describe('in a 2025-11-25 session', () => {
    let session: Awaited<ReturnType<typeof connectStreamable>>;
    beforeAll(async () => {
      session = await connectStreamable(url);
    });
    afterAll(async () => {
      await session.client.close();
    });

    itRefusesEach(
      deepRequests(100),
      (request) =>
        post(url, request.body, {
          'mcp-session-id': session.transport.sessionId ?? '',
          'mcp-protocol-version': session.transport.protocolVersion ?? '2025-06-18',
        }),
      () => echo(session.client, { text: 'still here' }),
    );

    it('takes arguments nested 50 deep', async () => {
      const nested = nestedArrays(50);
      expect(await echo(session.client, { text: 'nested ok', nested })).toMatchObject({
        text: 'nested ok',
      });
    });
  });

  describe('in 2026-07-28 requests', () => {
    let client: Awaited<ReturnType<typeof connectModernStreamable>>;
    beforeAll(async () => {
      client = await connectModernStreamable(url);
    });
    afterAll(async () => {
      await client.close();
    });

    itRefusesEach(
      deepRequests(200, modernEnvelope()),
      (request) =>
        post(url, request.body, {
          'mcp-protocol-version': MODERN_REVISION,
          'mcp-method': 'tools/call',
          'mcp-name': 'text-echo',
        }),
      () => echo(client, { text: 'still here' }),
    );

    it('takes arguments nested 50 deep', async () => {
      const nested = nestedArrays(50);
      expect(await echo(client, { text: 'nested ok', nested })).toMatchObject({
        text: 'nested ok',
      });
    });
  });
});

describe('deeply nested JSON over SSE', () => {
  let server: ServerHandle;
  let session: Awaited<ReturnType<typeof connectSseSession>>;

  beforeAll(async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'sse',
      port: 0,
      logger: createRecordingLogger(),
    });
    session = await connectSseSession(server.url ?? '');
  });

  afterAll(async () => {
    await session.client.close();
    await server.close();
  });

  itRefusesEach(
    deepRequests(300),
    (request) => post(session.messagesUrl, request.body, {}),
    () => echo(session.client, { text: 'still here' }),
  );

  it('takes arguments nested 50 deep', async () => {
    const nested = nestedArrays(50);
    expect(await echo(session.client, { text: 'nested ok', nested })).toMatchObject({
      text: 'nested ok',
    });
  });
});
