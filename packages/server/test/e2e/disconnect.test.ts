import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText, sendModernRequest } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime, observedSignals } from '../fixtures/fixture-modules.mjs';
import { connectSse, connectStreamable, MCP_POST_HEADERS } from '../helpers/clients.js';

const CALL_WAIT_FOREVER = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'wait-forever', arguments: {} },
};

/** Posts `tools/call wait-forever` and closes the request once the module runs. */
async function postAndAbandon(url: string, headers: Record<string, string>): Promise<void> {
  const abandon = new AbortController();
  const posting = fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify(CALL_WAIT_FOREVER),
    signal: abandon.signal,
  });
  // The answer is an event stream that stays open until the module answers: read it in the
  // background, so the request is in flight when the module starts.
  void posting.then((response) => response.body?.getReader().read()).catch(() => {});
  await vi.waitFor(() => expect(observedSignals).toHaveLength(1));
  expect(observedSignals[0]?.aborted).toBe(false);
  abandon.abort();
  await posting.catch(() => {});
}

describe('a client closing the HTTP request that carries a call', () => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    observedSignals.length = 0;
  });

  it('aborts the module signal on a Streamable HTTP session, which keeps serving', async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    const { client, transport } = await connectStreamable(server.url ?? '');
    await postAndAbandon(server.url ?? '', {
      'mcp-session-id': transport.sessionId ?? '',
      'mcp-protocol-version': transport.protocolVersion ?? '2025-06-18',
    });
    await vi.waitFor(() => expect(observedSignals[0]?.aborted).toBe(true));
    const result = await client.callTool({ name: 'math-add', arguments: { a: 1, b: 2 } });
    expect(JSON.parse(firstText(result))).toEqual({ sum: 3 });
    await client.close();
  });

  it('aborts the module signal in stateless mode', async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      stateless: true,
      port: 0,
      logger: createRecordingLogger(),
    });
    await postAndAbandon(server.url ?? '', {});
    await vi.waitFor(() => expect(observedSignals[0]?.aborted).toBe(true));
  });

  it('aborts the module signal of a 2026-07-28 call whose POST is closed', async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      logger: createRecordingLogger(),
    });
    const abandon = new AbortController();
    const url = server.url ?? '';
    const posting = sendModernRequest(
      url,
      'tools/call',
      { name: 'wait-forever', arguments: {} },
      { signal: abandon.signal },
    );
    void posting.then(({ response }) => response.body?.getReader().read()).catch(() => {});
    await vi.waitFor(() => expect(observedSignals).toHaveLength(1));
    expect(observedSignals[0]?.aborted).toBe(false);
    abandon.abort();
    await posting.catch(() => {});
    await vi.waitFor(() => expect(observedSignals[0]?.aborted).toBe(true));
    // The server serves on: the next 2026-07-28 call is answered.
    const { response } = await sendModernRequest(url, 'tools/call', {
      name: 'math-add',
      arguments: { a: 1, b: 2 },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('3');
  });

  it('aborts the module signal when an SSE client closes its event stream', async () => {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'sse',
      port: 0,
      logger: createRecordingLogger(),
    });
    const client = await connectSse(server.url ?? '');
    const call = client.callTool({ name: 'wait-forever', arguments: {} }).catch(() => undefined);
    await vi.waitFor(() => expect(observedSignals).toHaveLength(1));
    expect(observedSignals[0]?.aborted).toBe(false);
    await client.close();
    await vi.waitFor(() => expect(observedSignals[0]?.aborted).toBe(true));
    await call;
  });
});
