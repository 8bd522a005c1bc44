import { initializeRequest } from '@apcore-mcp/test-support';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { type ChildServer, spawnChildServer } from '../helpers/child-server.js';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';
import { describeToolBehaviour } from '../helpers/tool-behaviour.js';

const INITIALIZE = initializeRequest('raw-stdio');

describeToolBehaviour('stdio (child process, 2025-11-25 client)', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixturePath('stdio-server.mjs')],
    cwd: SERVER_ROOT,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stdio-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
});

describeToolBehaviour('stdio (child process, 2026-07-28 client)', async () => {
  const client = await connectModernClient();
  expect(client.getProtocolEra()).toBe('modern');
  return { client, close: () => client.close() };
});

/** A 2.x client pinned to MCP 2026-07-28, connected to a spawned fixture server. */
async function connectModernClient(): Promise<ModernClient> {
  const transport = new ModernStdioClientTransport({
    command: process.execPath,
    args: [fixturePath('stdio-server.mjs')],
    cwd: SERVER_ROOT,
    stderr: 'ignore',
  });
  const client = new ModernClient(
    { name: 'stdio-e2e-modern', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  return client;
}

/** A fixture server answering call 2, `slow-announce` for `ms`, once it has started it. */
async function startSlowCall(ms: number): Promise<ChildServer> {
  const server = spawnChildServer('stdio-server.mjs', { FIXTURE_LOG_LEVEL: 'info' });
  server.send(INITIALIZE);
  await server.waitForMessage((message) => message.id === 1);
  server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  server.send({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'slow-announce', arguments: { ms } },
  });
  await server.waitForStderr('fixture: slow call started');
  return server;
}

describe('the stdio child process', () => {
  it('writes nothing but JSON-RPC to stdout, logs to stderr, exits 0 when stdin closes', async () => {
    const server = spawnChildServer('stdio-server.mjs', { FIXTURE_LOG_LEVEL: 'debug' });
    server.send(INITIALIZE);
    await server.waitForMessage((message) => message.id === 1);
    server.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    server.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'boom-fail', arguments: {} },
    });
    await server.waitForMessage((message) => message.id === 3);
    server.child.stdin?.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdoutLines.length).toBeGreaterThanOrEqual(3);
    for (const line of server.stdoutLines) {
      expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    }
    const stderr = server.stderr();
    expect(stderr).toContain('apcore-mcp server started: 12 tools registered, transport=stdio');
    expect(stderr).toContain('"name":"apcore-mcp"');
    expect(stderr).toContain('"msg":"Tool call failed"');
    // The unexpected error is logged with its stack on the server side only.
    expect(stderr).toContain('disk full at /var/lib/secret/state.db');
    expect(stderr).toContain('Skipping module broken.schema');
    expect(stderr).toContain('fixture: onShutdown ran');
    expect(stderr).toContain('fixture: serve() resolved');
  });

  it('finishes an in-flight call on SIGTERM, then exits 0', async () => {
    const server = await startSlowCall(1000);
    server.child.kill('SIGTERM');
    const answer = await server.waitForMessage((message) => message.id === 2);
    expect(answer).toMatchObject({
      result: { content: [{ type: 'text', text: '{"waited":1000}' }] },
    });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain('Received SIGTERM; shutting down');
    expect(server.stderr()).toContain('fixture: serve() resolved');
  });

  it('exits 0, with nothing unhandled, when the client dies in the middle of a call', async () => {
    const server = await startSlowCall(300);
    // What a SIGKILLed client leaves behind: every pipe to the server closed at once. The
    // answer of the call in flight then meets a broken stdout, and every log line a broken stderr.
    server.child.stdin?.destroy();
    server.child.stdout?.destroy();
    server.child.stderr?.destroy();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
