import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { connectInMemory } from '../__fixtures__/in-memory.js';

/** Orders for staff only, public tools for anyone; both documented. */
function createStaffOnlyExecutor() {
  const registry = new runtime.Registry();
  for (const moduleId of ['orders.refund', 'public.search']) {
    registry.register(
      moduleId,
      core.defineModule({
        description: `Runs ${moduleId}.`,
        documentation: `# ${moduleId}\nHow to use it.`,
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ ran: moduleId }),
      }),
    );
  }
  const acl = runtime.ACL.fromObject({
    rules: [
      { callers: ['*'], targets: ['orders.*'], effect: 'allow', conditions: { roles: ['staff'] } },
      { callers: ['@external'], targets: ['public.*'], effect: 'allow' },
    ],
  });
  return new runtime.Executor(registry, { acl });
}

describe('per-subject visibility with the identity option (stdio, in memory)', () => {
  it('lists tools and documentation the identity may use, and nothing else', async () => {
    const staff = await connectInMemory(createStaffOnlyExecutor(), {
      identity: { id: 'ann', roles: ['staff'] },
    });
    const guest = await connectInMemory(createStaffOnlyExecutor(), {
      identity: { id: 'bob', roles: ['guest'] },
    });
    try {
      const staffTools = await staff.client.listTools();
      expect(staffTools.tools.map((tool) => tool.name)).toEqual(['orders-refund', 'public-search']);
      const guestTools = await guest.client.listTools();
      expect(guestTools.tools.map((tool) => tool.name)).toEqual(['public-search']);

      const staffDocs = await staff.client.listResources();
      expect(staffDocs.resources.map((resource) => resource.uri)).toEqual([
        'docs://orders.refund',
        'docs://public.search',
      ]);
      const guestDocs = await guest.client.listResources();
      expect(guestDocs.resources.map((resource) => resource.uri)).toEqual(['docs://public.search']);
      await expect(guest.client.readResource({ uri: 'docs://orders.refund' })).rejects.toThrow(
        /not found/i,
      );
      const read = await staff.client.readResource({ uri: 'docs://orders.refund' });
      expect(read.contents[0]).toMatchObject({ text: '# orders.refund\nHow to use it.' });

      const refused = await guest.client.callTool({ name: 'orders-refund', arguments: {} });
      expect(refused).toMatchObject({
        isError: true,
        content: [{ text: 'Access denied' }, { type: 'text' /* the AI guidance appendix */ }],
      });
    } finally {
      await staff.close();
      await guest.close();
    }
  });

  it('shows every tool when the executor has no ACL', async () => {
    const registry = new runtime.Registry();
    registry.register(
      'orders.refund',
      core.defineModule({ description: 'Refund.', inputSchema: {}, execute: () => ({}) }),
    );
    const connection = await connectInMemory(new runtime.Executor(registry), {
      identity: { id: 'bob', roles: ['guest'] },
    });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['orders-refund']);
    } finally {
      await connection.close();
    }
  });

  it('warns when cacheHints would let a shared cache hand one caller’s list to another', async () => {
    const connection = await connectInMemory(createStaffOnlyExecutor(), {
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } },
    });
    try {
      expect(connection.logger.at('warn')).toContainEqual(
        expect.objectContaining({
          message: expect.stringContaining('cacheHints mark lists public'),
        }),
      );
    } finally {
      await connection.close();
    }
  });
});
