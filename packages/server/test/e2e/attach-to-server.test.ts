import { defineModule } from '@apcore-mcp/core';
import { firstText } from '@apcore-mcp/test-support';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport, type McpServer, type Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { type AttachedTools, attachToServer, ToolNameTakenError } from '../../src/index.js';
import {
  attachTo,
  createExecutor,
  createHighLevelHost,
  createLowLevelHost,
} from '../helpers/attach-hosts.js';

type Era = '2025-11-25' | '2026-07-28';

/**
 * A real SDK client of `era` on `server` over the SDK's in-memory transport pair, served the
 * way the SDK serves a persistent connection in both eras (`serveStdio` over a given transport).
 */
async function connect(server: McpServer | Server, era: Era) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  serveStdio(() => server, { transport: serverTransport });
  const client =
    era === '2025-11-25'
      ? new LegacyClient({ name: 'attach-e2e', version: '1.0.0' })
      : new ModernClient(
          { name: 'attach-e2e', version: '1.0.0' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } } },
        );
  await client.connect(clientTransport);
  const listNames = async () => (await client.listTools()).tools.map((tool) => tool.name);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { type: string; text?: string }[];
    };
  return { client, listNames, call };
}

/**
 * Each kind of host, and what an anonymous caller lists of our tools there: a low-level Server
 * lists per caller (the ACL denies `admin.wipe` to everyone); an McpServer lists the same to all.
 */
const hosts = [
  ['McpServer', createHighLevelHost, ['admin-wipe', 'math-add']],
  ['low-level Server', createLowLevelHost, ['math-add']],
] as const;

describe.each(hosts)('attachToServer on an %s', (_kind, createHost, listedToAnyone) => {
  let host: McpServer | Server | undefined;
  let attached: AttachedTools | undefined;
  afterEach(async () => {
    attached?.detach();
    await host?.close();
    host = undefined;
  });

  it.each<Era>(['2025-11-25', '2026-07-28'])(
    'serves the host’s tools and ours side by side, ours through the executor (%s)',
    async (era) => {
      host = createHost();
      attached = await attachTo(host, createExecutor().executor);
      expect(attached.tools.map((tool) => tool.name)).toEqual(['admin-wipe', 'math-add']);
      const { listNames, call, client } = await connect(host, era);
      expect(await listNames()).toEqual(['ping', ...listedToAnyone]);
      expect(firstText(await call('ping'))).toBe('pong');
      expect(JSON.parse(firstText(await call('math-add', { a: 2, b: 3 })))).toEqual({ sum: 5 });
      const denied = await call('admin-wipe');
      expect(denied.isError).toBe(true);
      expect(firstText(denied)).toBe('Access denied');
      const docs = await client.readResource({ uri: 'docs://math.add' });
      expect(docs.contents[0]).toMatchObject({ text: '# math.add\nAdds a and b.' });
      const ui = await client.readResource({ uri: 'ui://math.add/app.html' });
      expect(ui.contents[0]).toMatchObject({
        mimeType: 'text/html;profile=mcp-app',
        text: '<p>math.add</p>',
      });
    },
  );

  it('detach removes exactly what it added; the host’s own tool keeps working', async () => {
    host = createHost();
    const mine = await attachTo(host, createExecutor().executor);
    mine.detach();
    mine.detach();
    expect(mine.tools).toEqual([]);
    const { listNames, call } = await connect(host, '2026-07-28');
    expect(await listNames()).toEqual(['ping']);
    expect(firstText(await call('ping'))).toBe('pong');
    // Refused the host's way: McpServer with a protocol error, the low-level host with a result.
    const refused = await call('math-add', { a: 1, b: 1 }).then(
      (result) => result.isError === true,
      () => true,
    );
    expect(refused).toBe(true);
  });

  it('takes the tool options (filters, tool search) and refuses server-only ones', async () => {
    host = createHost();
    await expect(
      attachToServer(host, createExecutor().registry, { port: 1 } as never),
    ).rejects.toThrow(/^attachToServer does not take option 'port'/);
    attached = await attachTo(host, createExecutor().executor, { toolSearch: true });
    const { listNames, call } = await connect(host, '2025-11-25');
    expect(await listNames()).toEqual(['ping', 'search_tools', 'call_tool']);
    const added = await call('call_tool', { name: 'math-add', arguments: { a: 1, b: 2 } });
    expect(JSON.parse(firstText(added))).toEqual({ sum: 3 });
  });
});

describe('attachToServer on an McpServer whose tool takes one of our names', () => {
  it('refuses a registry tool whose name the host already has, attaching nothing', async () => {
    const host = createHighLevelHost();
    const { registry } = createExecutor();
    registry.register(
      'ping',
      defineModule({
        description: 'A module that takes the host tool’s name.',
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({}),
      }),
    );
    const attempt = attachToServer(host, registry);
    await expect(attempt).rejects.toThrow(
      'Cannot attach: the server already has a tool named "ping", which one of the registry\'s tools would take; rename it or filter that module out',
    );
    await expect(attempt).rejects.toSatisfy(ToolNameTakenError.isInstance);
    const { listNames } = await connect(host, '2026-07-28');
    expect(await listNames()).toEqual(['ping']);
    await host.close();
  });
});

describe('attachToServer on a low-level Server with resources of its own', () => {
  it('leaves the methods the host answers to its handlers, which serve ours through attached.handle', async () => {
    const host = createLowLevelHost();
    host.registerCapabilities({ resources: {} });
    let attached: AttachedTools | undefined;
    host.setRequestHandler('resources/list', async (request, ctx) => {
      const ours = attached === undefined ? [] : (await attached.handle(request, ctx)).resources;
      return { resources: [{ uri: 'app://readme', name: 'readme' }, ...(ours as [])] };
    });
    host.setRequestHandler('resources/read', async (request, ctx) => {
      if (request.params.uri !== 'app://readme' && attached !== undefined) {
        return (await attached.handle(request, ctx)) as never;
      }
      return { contents: [{ uri: request.params.uri, text: 'the app readme' }] };
    });
    attached = await attachTo(host, createExecutor().executor);
    try {
      expect(attached.leftToHost).toEqual([
        'tools/list',
        'tools/call',
        'resources/list',
        'resources/read',
      ]);
      const { client, call } = await connect(host, '2025-11-25');
      const uris = (await client.listResources()).resources.map((resource) => resource.uri);
      expect(uris).toEqual(['app://readme', 'docs://math.add', 'ui://math.add/app.html']);
      const readme = await client.readResource({ uri: 'app://readme' });
      expect(readme.contents[0]).toMatchObject({ text: 'the app readme' });
      const docs = await client.readResource({ uri: 'docs://math.add' });
      expect(docs.contents[0]).toMatchObject({ text: '# math.add\nAdds a and b.' });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'ping',
        'math-add',
      ]);
      expect(firstText(await call('nothing-here'))).toBe('host: no tool nothing-here');
    } finally {
      attached.detach();
      await host.close();
    }
  });

  it('refuses to attach to a Server already connected', async () => {
    const host = createLowLevelHost();
    const [, serverTransport] = InMemoryTransport.createLinkedPair();
    await host.connect(serverTransport);
    await expect(attachToServer(host, createExecutor().executor)).rejects.toThrow(
      'attachToServer: attach before the server connects to a transport',
    );
    await host.close();
  });
});

describe('approval on an attached server', () => {
  it('refuses a module requiring approval to a 2026-07-28 client, which cannot be asked', async () => {
    const host = createHighLevelHost();
    const { registry } = createExecutor();
    registry.register(
      'files.remove',
      defineModule({
        description: 'Removes a file.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { requiresApproval: true },
        execute: () => ({ removed: true }),
      }),
    );
    const attached = await attachToServer(host, registry);
    try {
      const { call } = await connect(host, '2026-07-28');
      const refused = await call('files-remove');
      expect(refused.isError).toBe(true);
      expect(firstText(refused)).toMatch(/files\.remove/);
    } finally {
      attached.detach();
      await host.close();
    }
  });
});

describe('attachToServer with dynamic', () => {
  it('adds a module registered later to an attached McpServer, and removes it again', async () => {
    const host = createHighLevelHost();
    const { registry, executor } = createExecutor();
    const attached = await attachToServer(host, executor, { dynamic: true });
    try {
      const { listNames } = await connect(host, '2026-07-28');
      registry.register(
        'math.double',
        defineModule({
          description: 'Doubles.',
          inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
          execute: (inputs) => ({ n: (inputs.n as number) * 2 }),
        }),
      );
      expect(await listNames()).toContain('math-double');
      registry.unregister('math.double');
      expect(await listNames()).not.toContain('math-double');
    } finally {
      attached.detach();
      await host.close();
    }
  });

  it('refuses something that is not an SDK server', async () => {
    await expect(attachToServer({} as never, createExecutor().registry)).rejects.toThrow(
      'attachToServer expects an SDK McpServer or Server',
    );
  });
});
