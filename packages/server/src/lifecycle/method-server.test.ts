import * as core from '@apcore-mcp/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureRuntime } from '../../test/fixtures/fixture-modules.mjs';
import { connectInMemory, type InMemoryConnection } from '../__fixtures__/in-memory.js';

describe('a server built for one method (a 2026-07-28 request’s own)', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  async function connectToMethodServer(method: string): Promise<Client> {
    connection = await connectInMemory(createFixtureRuntime(core).executor);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await connection.runtime.createServer(method).connect(serverTransport);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(clientTransport);
    return client;
  }

  it('answers its method through the whole call pipeline', async () => {
    const client = await connectToMethodServer('tools/call');
    const result = await client.callTool({ name: 'math-add', arguments: { a: 2, b: 3 } });
    expect(result.structuredContent).toEqual({ sum: 5 });
    await client.close();
  });

  it('declares the same capabilities as a server of every method', async () => {
    const client = await connectToMethodServer('tools/call');
    expect(client.getServerCapabilities()).toEqual(connection?.client.getServerCapabilities());
    await client.close();
  });

  it('answers any other method as one it does not serve', async () => {
    const client = await connectToMethodServer('tools/call');
    await expect(client.listTools()).rejects.toThrow(/Method not found/);
    await client.close();
  });
});
