import { createRecordingLogger, initializeRequest, signWithSecret } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createInteractiveRuntime } from '../../src/__fixtures__/interactive-modules.js';
import { type ServerHandle, startServer } from '../../src/index.js';
import type { ServeOptions } from '../../src/options/serve-options.js';
import { MCP_POST_HEADERS } from '../helpers/clients.js';

const SECRET = 'a-shared-secret-of-at-least-32-bytes!';
const AUDIENCE = 'https://mcp.example.com/mcp';
const REFUSAL =
  'Refused a request on a session another subject opened; answered as if it did not exist';

const servers: ServerHandle[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.allSettled(cleanups.splice(0).map((cleanup) => cleanup()));
  await Promise.allSettled(servers.splice(0).map((server) => server.close()));
});

async function start(transport: NonNullable<ServeOptions['transport']>) {
  const logger = createRecordingLogger();
  const { executor, probe } = createInteractiveRuntime();
  const server = await startServer(executor, {
    transport,
    port: 0,
    logger,
    auth: { secret: SECRET, audience: AUDIENCE },
  });
  servers.push(server);
  const url = server.url ?? '';
  return { url, logger, probe };
}

const tokenOf = (sub: string) => signWithSecret(SECRET, { sub, aud: AUDIENCE });
const bearer = async (sub: string) => ({ authorization: `Bearer ${await tokenOf(sub)}` });

/** Sends `body` on session `sessionId` with `sub`'s token; answers the status and JSON body. */
async function postOnSession(url: string, sessionId: string, sub: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...(await bearer(sub)), 'mcp-session-id': sessionId },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** Opens a 2025-11-25 session as `sub` with the 1.x SDK client, answering questions with `onAsk`. */
async function openSession(
  url: string,
  sub: string,
  onAsk: (message: string) => Promise<{ action: 'accept' | 'decline' | 'cancel' }>,
) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: await bearer(sub) },
  });
  const client = new Client(
    { name: `${sub}-client`, version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, (request) => onAsk(String(request.params.message)));
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, sessionId: transport.sessionId ?? '' };
}

describe('a 2025-11-25 session belongs to the subject that opened it', () => {
  it('answers another subject 404 on it, for requests and DELETE, and keeps it for its owner', async () => {
    const { url, logger } = await start('streamable-http');
    const alice = await openSession(url, 'alice', async () => ({ action: 'decline' }));
    expect(alice.sessionId).not.toBe('');
    const listing = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} };
    const stolen = await postOnSession(url, alice.sessionId, 'mallory', listing);
    expect(stolen.status).toBe(404);
    expect(JSON.parse(stolen.text)).toMatchObject({ error: { message: 'Session not found' } });
    const deleted = await fetch(url, {
      method: 'DELETE',
      headers: { ...(await bearer('mallory')), 'mcp-session-id': alice.sessionId },
    });
    expect(deleted.status).toBe(404);
    // Alice's session is untouched: her client still lists.
    expect((await alice.client.listTools()).tools.length).toBeGreaterThan(0);
    const warnings = logger.entries.filter((entry) => entry.message === REFUSAL);
    expect(warnings).toHaveLength(2);
    expect(JSON.stringify(warnings)).not.toContain(alice.sessionId);
  });

  it("lets nobody else answer the owner's pending approval", async () => {
    const { url, probe } = await start('streamable-http');
    let asked: () => void = () => {};
    const question = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let decide: (answer: { action: 'decline' }) => void = () => {};
    const decision = new Promise<{ action: 'decline' }>((resolve) => {
      decide = resolve;
    });
    const alice = await openSession(url, 'alice', async () => {
      asked();
      return decision;
    });
    const call = alice.client.callTool({ name: 'files-delete', arguments: { path: '/tmp/a' } });
    await question;
    // Server-to-client request ids are small sequential numbers: try the first ones.
    for (let id = 0; id < 5; id++) {
      const answer = { action: 'accept', content: { confirm: true } };
      const forged = { jsonrpc: '2.0', id, result: answer };
      expect((await postOnSession(url, alice.sessionId, 'mallory', forged)).status).toBe(404);
    }
    decide({ action: 'decline' });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(probe.ran).toEqual([]);
  });
});

/** Opens `GET /sse` as `sub` and reads the endpoint the server announces for posting. */
async function openSseStream(url: string, sub: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(await bearer(sub)) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  cleanups.push(async () => controller.abort());
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('The SSE stream ended before announcing its endpoint');
    text += decoder.decode(value, { stream: true });
    const match = /event: endpoint\ndata: (\S+)\n/.exec(text);
    if (match?.[1] !== undefined) return new URL(match[1], url).href;
  }
}

describe('an SSE session belongs to the subject that opened it', () => {
  it('answers posts of another subject 404, and takes its owner’s', async () => {
    const { url, logger } = await start('sse');
    const endpoint = await openSseStream(url, 'alice');
    expect(endpoint).toContain('/messages?sessionId=');
    const post = async (sub: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { ...MCP_POST_HEADERS, ...(await bearer(sub)) },
        body: JSON.stringify(initializeRequest('sse-client')),
      });
    const stolen = await post('mallory');
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ error: { message: 'Session not found' } });
    expect((await post('alice')).status).toBe(202);
    expect(logger.entries.filter((entry) => entry.message === REFUSAL)).toHaveLength(1);
  });
});
