import { defineModule, type Identity } from '@apcore-mcp/core';
import { ACL, Executor } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport, type Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { AUTH_IDENTITY_KEY, attachToServer } from '../../src/index.js';
import {
  attachTo,
  createExecutor,
  createHighLevelHost,
  createLowLevelHost,
} from '../helpers/attach-hosts.js';

describe('attachToServer on a low-level Server, per authenticated caller', () => {
  /** `admin.wipe` (documented) for the admin role only, `math.add` for anyone. */
  function createRoleExecutor(): Executor {
    const { registry } = createExecutor();
    registry.unregister('admin.wipe');
    registry.register(
      'admin.wipe',
      defineModule({
        description: 'Wipes everything.',
        documentation: '# admin.wipe',
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ wiped: true }),
      }),
    );
    const acl = new ACL(
      [
        { callers: ['@external'], targets: ['math.*'], effect: 'allow' },
        { callers: ['*'], targets: ['admin.*'], effect: 'allow', conditions: { roles: ['admin'] } },
      ],
      'deny',
    );
    return new Executor(registry, { acl });
  }

  /** A client whose every request carries `identity` the way the host's auth layer would. */
  async function connectAs(host: Server, identity: Identity) {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const authInfo = {
      token: 'host-token',
      clientId: identity.id,
      scopes: [],
      extra: { [AUTH_IDENTITY_KEY]: identity },
    };
    const send = clientTransport.send.bind(clientTransport);
    clientTransport.send = (message, options) => send(message, { ...options, authInfo });
    // Connected directly, as a host serving one connection does: the SDK hands each request's
    // authInfo to the handlers (serveStdio, for stdio, carries none).
    await host.connect(serverTransport);
    const client = new LegacyClient({ name: 'attach-e2e', version: '1.0.0' });
    await client.connect(clientTransport);
    return client;
  }

  it.each([
    ['an admin', { id: 'ann', roles: ['admin'] }, ['ping', 'admin-wipe', 'math-add']],
    ['a customer', { id: 'bob', roles: ['customer'] }, ['ping', 'math-add']],
  ])('lists and reads for %s only what its ACL allows', async (_who, identity, listed) => {
    const host = createLowLevelHost();
    const attached = await attachTo(host, createRoleExecutor());
    try {
      const client = await connectAs(host, identity);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(listed);
      const admin = listed.includes('admin-wipe');
      const uris = (await client.listResources()).resources.map((resource) => resource.uri);
      expect(uris.includes('docs://admin.wipe')).toBe(admin);
      const read = client.readResource({ uri: 'docs://admin.wipe' });
      if (admin) expect((await read).contents[0]).toMatchObject({ text: '# admin.wipe' });
      else await expect(read).rejects.toThrow(/not found/i);
      const wiped = (await client.callTool({ name: 'admin-wipe', arguments: {} })) as {
        isError?: boolean;
      };
      expect(wiped.isError === true).toBe(!admin);
    } finally {
      attached.detach();
      await host.close();
    }
  });

  it('warns, on an McpServer, that its list is the same for every caller', async () => {
    const logger = createRecordingLogger();
    const host = createHighLevelHost();
    const attached = await attachToServer(host, createRoleExecutor(), { logger });
    attached.detach();
    expect(logger.messages('warn').join('\n')).toContain(
      'An McpServer lists the same tools to every caller',
    );
  });
});
