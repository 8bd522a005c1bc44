import { defineModule } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, createTestSigner, firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';

const AUDIENCE = 'https://mcp.example.test/mcp';
const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

/** `orders.refund` for staff only; `orders.list` and `catalog.search` for anyone. */
function createGovernedExecutor(): Executor {
  const registry = new Registry();
  for (const moduleId of ['orders.refund', 'orders.list', 'catalog.search']) {
    registry.register(
      moduleId,
      defineModule({
        description: `Runs ${moduleId} for the caller.`,
        inputSchema: { type: 'object', properties: {} },
        execute: (_inputs, context) => ({ ran: moduleId, by: context.identity?.id ?? null }),
      }),
    );
  }
  const acl = new ACL(
    [
      {
        callers: ['*'],
        targets: ['orders.refund'],
        effect: 'allow',
        conditions: { roles: ['staff'] },
      },
      { callers: ['@external'], targets: ['orders.list', 'catalog.*'], effect: 'allow' },
    ],
    'deny',
  );
  return new Executor(registry, { acl });
}

interface SearchedTool {
  name: string;
  inputSchema: { properties?: Record<string, { enum?: unknown[] }> };
}

/** The actions a grouped tool offers, as its schema's `action` enum names them, sorted. */
function actionsOf(tool: Pick<SearchedTool, 'inputSchema'> | undefined): unknown[] {
  return [...(tool?.inputSchema.properties?.action?.enum ?? [])].sort();
}

// Bearer tokens, the ACL and per-subject governance working together, as a deployment runs them.
describe.each(ERAS)('governed subjects, %s client', (era) => {
  const running: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  async function start(options: ServeOptions) {
    const signer = await createTestSigner('ES256');
    const server = await startServer(createGovernedExecutor(), {
      transport: 'streamable-http',
      host: '127.0.0.1',
      port: 0,
      logger: createRecordingLogger(),
      auth: { jwks: signer.jwks, audience: AUDIENCE },
      ...options,
    });
    running.push(server);
    const connectAs = async (sub: string, roles: string[]) => {
      const token = await signer.sign({ sub, roles, aud: AUDIENCE });
      return connectClient({
        era,
        transport: 'http',
        url: server.url ?? '',
        headers: { authorization: `Bearer ${token}` },
      });
    };
    const tokenFor = (sub: string) => signer.sign({ sub, roles: [], aud: AUDIENCE });
    return { connectAs, tokenFor, url: server.url ?? '' };
  }

  it('each token sees and calls only what its roles allow, grouped tools included', async () => {
    const { connectAs } = await start({ grouping: 'namespace' });
    const staff = await connectAs('ann', ['staff']);
    const customer = await connectAs('bob', ['customer']);
    try {
      const staffOrders = (await staff.listTools()).find((tool) => tool.name === 'orders');
      expect(actionsOf(staffOrders)).toEqual(['list', 'refund']);
      const customerTools = await customer.listTools();
      expect(customerTools.map((tool) => tool.name).sort()).toEqual(['catalog-search', 'orders']);
      // The group shows the customer its one callable action, and nothing of the other.
      const customerOrders = customerTools.find((tool) => tool.name === 'orders');
      expect(actionsOf(customerOrders)).toEqual(['list']);
      expect(JSON.stringify(customerOrders)).not.toContain('refund');
      const refunded = await staff.callTool('orders', { action: 'refund' });
      expect(JSON.parse(firstText(refunded))).toEqual({ ran: 'orders.refund', by: 'ann' });
      const refused = await customer.callTool('orders', { action: 'refund' });
      expect(refused.isError).toBe(true);
      expect(firstText(refused)).toContain('Access denied');
      const unknown = firstText(await customer.callTool('orders', { action: 'nope' }));
      expect(unknown).toContain('Available actions: list');
      expect(unknown).not.toContain('refund');
      const listed = await customer.callTool('orders', { action: 'list' });
      expect(JSON.parse(firstText(listed))).toEqual({ ran: 'orders.list', by: 'bob' });
    } finally {
      await Promise.all([staff.close(), customer.close()]);
    }
  });

  it('tool search finds for each token only the tools it may call', async () => {
    const { connectAs } = await start({ toolSearch: true });
    const customer = await connectAs('bob', ['customer']);
    const staff = await connectAs('ann', ['staff']);
    try {
      const search = async (client: typeof customer) => {
        const result = await client.callTool('search_tools', { query: 'refund orders' });
        const { tools } = result.structuredContent as { tools: { name: string }[] };
        return tools.map((tool) => tool.name);
      };
      expect(await search(customer)).not.toContain('orders-refund');
      expect(await search(staff)).toContain('orders-refund');
      const refused = await customer.callTool('call_tool', {
        name: 'orders-refund',
        arguments: {},
      });
      expect(refused.isError).toBe(true);
    } finally {
      await Promise.all([staff.close(), customer.close()]);
    }
  });

  it('tool search finds a grouped tool narrowed to, and only through, the actions the token may call', async () => {
    const { connectAs } = await start({ grouping: 'namespace', toolSearch: true });
    const customer = await connectAs('bob', ['customer']);
    const staff = await connectAs('ann', ['staff']);
    try {
      const result = await customer.callTool('search_tools', { query: 'orders' });
      const { tools } = result.structuredContent as { tools: SearchedTool[] };
      const orders = tools.find((tool) => tool.name === 'orders');
      expect(actionsOf(orders)).toEqual(['list']);
      expect(JSON.stringify(tools)).not.toContain('refund');
      // Nor is the group found through the words of an action the token may not call.
      const byHiddenWords = await customer.callTool('search_tools', { query: 'refund' });
      const found = (byHiddenWords.structuredContent as { tools: SearchedTool[] }).tools;
      expect(found.map((tool) => tool.name)).not.toContain('orders');
      const staffFound = await staff.callTool('search_tools', { query: 'refund' });
      const staffTools = (staffFound.structuredContent as { tools: SearchedTool[] }).tools;
      expect(staffTools.map((tool) => tool.name)).toContain('orders');
    } finally {
      await Promise.all([customer.close(), staff.close()]);
    }
  });

  it('rate limits count per token subject: one subject over its limit leaves another alone', async () => {
    const { connectAs } = await start({ limits: { calls: '2/min' } });
    const ann = await connectAs('ann', ['staff']);
    const bob = await connectAs('bob', ['staff']);
    try {
      for (let call = 0; call < 2; call += 1) {
        expect((await ann.callTool('catalog-search', {})).isError).toBeFalsy();
      }
      const limited = await ann.callTool('catalog-search', {});
      expect(limited.isError).toBe(true);
      expect(firstText(limited)).toMatch(
        /^Rate limit of 2 calls per minute reached; retry in \d+ s$/,
      );
      expect((await bob.callTool('catalog-search', {})).isError).toBeFalsy();
    } finally {
      await Promise.all([ann.close(), bob.close()]);
    }
  });

  it('answers GET /usage only to a valid token, counting the calls of every subject', async () => {
    const { connectAs, tokenFor, url } = await start({ usage: true });
    const ann = await connectAs('ann', ['staff']);
    try {
      await ann.callTool('catalog-search', {});
    } finally {
      await ann.close();
    }
    const usageUrl = new URL('/usage', url);
    const anonymous = await fetch(usageUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
    const allowed = await fetch(usageUrl, {
      headers: { authorization: `Bearer ${await tokenFor('auditor')}` },
    });
    expect(allowed.status).toBe(200);
    const report = (await allowed.json()) as { tools: { tool: string; calls: number }[] };
    expect(report.tools).toContainEqual(
      expect.objectContaining({ tool: 'catalog-search', calls: 1 }),
    );
  });
});
