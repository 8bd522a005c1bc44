import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { type ChangedList, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMcpHandler, type McpHandler } from '../../src/index.js';
import { createChangingDefinitions } from '../fixtures/changing-definitions.mjs';
import {
  DEFINITIONS_TARGETS,
  type DefinitionsConnection,
  type DefinitionsTarget,
} from '../helpers/definitions-target.js';
import { connectFixtureOverStdio, connectOverHttp } from '../helpers/fixture-path.js';

const names = (listed: Record<string, unknown>[], key = 'name'): unknown[] =>
  listed.map((entry) => entry[key]);

/** A client of a server of live definitions: in process over HTTP, or a spawned stdio child. */
async function connectToChangingDefinitions([
  era,
  transport,
]: DefinitionsTarget): Promise<DefinitionsConnection> {
  if (transport === 'stdio') {
    const client = await connectFixtureOverStdio(era, 'changing-definitions-server.mjs');
    return { client, close: () => client.close() };
  }
  const registry = new runtime.Registry();
  const { options, announceWith } = createChangingDefinitions(core, registry);
  const connection = await connectOverHttp(era, registry, { dynamic: true, ...options });
  announceWith(() => connection.server.definitionsChanged());
  return connection;
}

describe.each(DEFINITIONS_TARGETS)('live definitions, %s client over %s', (era, transport) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('announces each list that changed, only those, and lists the new definitions', async () => {
    const connection = await connectToChangingDefinitions([era, transport]);
    close = connection.close;
    const { client } = connection;
    const heard: ChangedList[] = [];
    const listening = await client.listenForListChanges((list) => heard.push(list));

    await client.callTool('definitions-change', { list: 'nothing' });
    await client.callTool('definitions-change', { list: 'prompts' });
    await client.callTool('definitions-change', { list: 'resources' });
    // Registering a tool is announced after all that was sent before it, on the same stream.
    await client.callTool('definitions-change', { list: 'tools' });
    await vi.waitFor(() => expect(heard).toContain('tools'));
    expect(heard).toEqual(['prompts', 'resources', 'tools']);

    expect(names(await client.listPrompts())).toEqual(['greet', 'farewell']);
    expect(names(await client.listResources(), 'uri')).not.toContain('test://notes');
    expect(names(await client.listResourceTemplates(), 'uriTemplate')).toEqual([
      'test://days/{day}',
    ]);
    await listening.close();
  });
});

describe('live definitions behind createMcpHandler', () => {
  let handler: McpHandler | undefined;
  let httpServer: HttpServer | undefined;
  afterEach(async () => {
    await handler?.close();
    httpServer?.closeAllConnections();
    await new Promise((resolve) => httpServer?.close(resolve) ?? resolve(undefined));
  });

  it.each(['2025-11-25', '2026-07-28'] as const)(
    "tells a %s client once the handler's definitionsChanged() is called",
    async (era) => {
      let prompts = [core.definePrompt({ name: 'greet', get: () => 'Say hello' })];
      handler = await createMcpHandler(new runtime.Registry(), {
        logger: createRecordingLogger(),
        prompts: () => prompts,
      });
      httpServer = createServer(handler);
      await new Promise<void>((resolve) => httpServer?.listen(0, '127.0.0.1', resolve));
      const { port } = httpServer.address() as AddressInfo;
      const client = await connectClient({
        era,
        transport: 'http',
        url: `http://127.0.0.1:${port}/mcp`,
      });
      try {
        const heard: ChangedList[] = [];
        const listening = await client.listenForListChanges((list) => heard.push(list));
        prompts = [...prompts, core.definePrompt({ name: 'farewell', get: () => 'Bye' })];
        handler.definitionsChanged();
        await vi.waitFor(() => expect(heard).toEqual(['prompts']));
        expect(names(await client.listPrompts())).toEqual(['greet', 'farewell']);
        await listening.close();
      } finally {
        await client.close();
      }
    },
  );
});
