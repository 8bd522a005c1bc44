import * as core from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { INITIALIZE_REQUEST, MCP_POST_HEADERS } from '../helpers/clients.js';

describe('an instance id (instanceId) on the session ids of an instance', () => {
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(): Promise<string> {
    server = await startServer(createFixtureRuntime(core).executor, {
      transport: 'streamable-http',
      port: 0,
      instanceId: 'edge-1',
      logger: createRecordingLogger(),
    });
    return server.url ?? '';
  }

  it('leads every 2025-11-25 session id, which a proxy can match', async () => {
    const url = await start();
    const ids = await Promise.all(
      [1, 2].map(async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: MCP_POST_HEADERS,
          body: JSON.stringify(INITIALIZE_REQUEST),
        });
        await response.text();
        return response.headers.get('mcp-session-id');
      }),
    );
    for (const id of ids) expect(id).toMatch(/^edge-1\.[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('leaves the sessions working as any other for the 1.x client', async () => {
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'http',
      url: await start(),
    });
    try {
      const result = await client.callTool('math-add', { a: 2, b: 3 });
      expect(JSON.parse(firstText(result))).toEqual({ sum: 5 });
    } finally {
      await client.close();
    }
  });
});
