import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { SUBJECT_HEADER } from '../helpers/subject-clients.js';

/** The test's stand-in for bearer auth: the subject named by a header. */
const SUBJECTS: Record<string, core.Identity> = {
  ann: { id: 'ann', type: 'user', roles: ['staff'] },
  bob: { id: 'bob', type: 'user', roles: ['customer'] },
};

/** What every MCP client of these tests can do, whatever its SDK and revision. */
interface Caller {
  /** Sorted: the order of a list is not what these tests are about. */
  listToolNames(): Promise<string[]>;
  callTool(name: string): Promise<{ isError?: boolean; content?: unknown }>;
  /** Sorted, as the tool names. */
  listResourceUris(): Promise<string[]>;
  readResource(uri: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Sends `subject` on every request, as a browser would send its cookie or token. */
function asSubject(subject: string): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), [SUBJECT_HEADER]: subject },
    });
}

function defineModule(moduleId: string) {
  return core.defineModule({
    description: `Runs ${moduleId}.`,
    documentation: `# ${moduleId}`,
    ui: { html: `<p>${moduleId}</p>` },
    inputSchema: { type: 'object', properties: {} },
    execute: (_inputs, context) => ({ ran: moduleId, by: context.identity?.id ?? null }),
  });
}

function wrap(client: Client | ModernClient): Caller {
  return {
    listToolNames: async () => (await client.listTools()).tools.map((tool) => tool.name).sort(),
    callTool: async (name) =>
      (await client.callTool({ name, arguments: {} })) as { isError?: boolean; content?: unknown },
    listResourceUris: async () =>
      (await client.listResources()).resources.map((resource) => resource.uri).sort(),
    readResource: (uri) => client.readResource({ uri }),
    close: () => client.close(),
  };
}

const CONNECTORS = {
  '2025-11-25 over Streamable HTTP': async (url: string, subject: string) => {
    const client = new Client({ name: 'acl-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { fetch: asSubject(subject) }),
    );
    return { caller: wrap(client), client };
  },
  '2025-11-25 over SSE': async (url: string, subject: string) => {
    const client = new Client({ name: 'acl-e2e', version: '1.0.0' });
    const fetchAs = asSubject(subject);
    await client.connect(
      new SSEClientTransport(new URL(url), { fetch: fetchAs, eventSourceInit: { fetch: fetchAs } }),
    );
    return { caller: wrap(client), client };
  },
  '2026-07-28 over Streamable HTTP': async (url: string, subject: string) => {
    const client = new ModernClient(
      { name: 'acl-e2e', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new ModernTransport(new URL(url), { fetch: asSubject(subject) }));
    return { caller: wrap(client), client: undefined };
  },
} as const;

type Revision = keyof typeof CONNECTORS;

describe.each(Object.keys(CONNECTORS) as Revision[])('ACL visibility, %s', (revision) => {
  let server: ServerHandle | undefined;
  const callers: Caller[] = [];
  afterEach(async () => {
    await Promise.allSettled(callers.splice(0).map((caller) => caller.close()));
    await server?.close();
    server = undefined;
  });

  async function start() {
    const registry = new runtime.Registry();
    for (const moduleId of ['orders.refund', 'orders.list', 'catalog.search']) {
      registry.register(moduleId, defineModule(moduleId));
    }
    const acl = runtime.ACL.fromObject({
      rules: [
        {
          callers: ['*'],
          targets: ['orders.*'],
          effect: 'allow',
          conditions: { roles: ['staff'] },
        },
        { callers: ['@external'], targets: ['catalog.*'], effect: 'allow' },
      ],
    });
    server = await startServer(new runtime.Executor(registry, { acl }), {
      transport: revision.endsWith('SSE') ? 'sse' : 'streamable-http',
      port: 0,
      dynamic: true,
      logger: createRecordingLogger(),
      authenticate: (request) => SUBJECTS[String(request.headers[SUBJECT_HEADER])] ?? null,
    });
    const url = server.url ?? '';
    const connect = async (subject: string) => {
      const connection = await CONNECTORS[revision](url, subject);
      callers.push(connection.caller);
      return connection;
    };
    return { registry, connect };
  }

  it('lists each subject only the tools its roles let it call', async () => {
    const { connect } = await start();
    const ann = (await connect('ann')).caller;
    const bob = (await connect('bob')).caller;
    expect(await ann.listToolNames()).toEqual(['catalog-search', 'orders-list', 'orders-refund']);
    expect(await bob.listToolNames()).toEqual(['catalog-search']);
    // Cached per subject: asking again, in another order, answers the same.
    expect(await bob.listToolNames()).toEqual(['catalog-search']);
    expect(await ann.listToolNames()).toEqual(['catalog-search', 'orders-list', 'orders-refund']);
  });

  it('lets staff call a staff-only tool and refuses everyone else', async () => {
    const { connect } = await start();
    const ann = (await connect('ann')).caller;
    const bob = (await connect('bob')).caller;
    const allowed = await ann.callTool('orders-refund');
    expect(allowed.isError ?? false).toBe(false);
    expect(JSON.parse(firstText(allowed))).toEqual({ ran: 'orders.refund', by: 'ann' });
    const refused = await bob.callTool('orders-refund');
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toBe('Access denied');
  });

  it('hides the documentation and UIs of modules a subject cannot see', async () => {
    const { connect } = await start();
    const ann = (await connect('ann')).caller;
    const bob = (await connect('bob')).caller;
    expect(await ann.listResourceUris()).toEqual([
      'docs://catalog.search',
      'docs://orders.list',
      'docs://orders.refund',
      'ui://catalog.search/app.html',
      'ui://orders.list/app.html',
      'ui://orders.refund/app.html',
    ]);
    expect(await bob.listResourceUris()).toEqual([
      'docs://catalog.search',
      'ui://catalog.search/app.html',
    ]);
    await expect(bob.readResource('docs://orders.refund')).rejects.toThrow(/not found/i);
    await expect(ann.readResource('docs://orders.refund')).resolves.toBeDefined();
    await expect(bob.readResource('ui://orders.refund/app.html')).rejects.toThrow(/not found/i);
    await expect(ann.readResource('ui://orders.refund/app.html')).resolves.toMatchObject({
      contents: [{ text: '<p>orders.refund</p>' }],
    });
  });

  it('updates each subject’s list when modules come and go', async () => {
    const { connect, registry } = await start();
    const annConnection = await connect('ann');
    const ann = annConnection.caller;
    const bob = (await connect('bob')).caller;
    expect(await bob.listToolNames()).toEqual(['catalog-search']);
    // A 2025 session hears of the change; 2026-07-28 requests simply list again.
    const notified =
      annConnection.client === undefined
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            annConnection.client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
              resolve(),
            );
          });
    registry.register('orders.cancel', defineModule('orders.cancel'));
    registry.register('catalog.browse', defineModule('catalog.browse'));
    await notified;
    expect(await ann.listToolNames()).toEqual([
      'catalog-browse',
      'catalog-search',
      'orders-cancel',
      'orders-list',
      'orders-refund',
    ]);
    expect(await bob.listToolNames()).toEqual(['catalog-browse', 'catalog-search']);
    registry.unregister('orders.refund');
    registry.unregister('catalog.search');
    expect(await ann.listToolNames()).toEqual(['catalog-browse', 'orders-cancel', 'orders-list']);
    expect(await bob.listToolNames()).toEqual(['catalog-browse']);
  });
});
