import { defineModule } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, createTestSigner } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterEach, describe, expect, it } from 'vitest';
import type { UsageReport } from '../../src/governance.js';
import { type ServerHandle, startServer } from '../../src/index.js';

const AUDIENCE = 'https://mcp.example.test/mcp';
const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];

/** `admin.reset` for admins, `orders.refund` for staff, `orders.list` and `catalog.search` for all. */
function createExecutor(): Executor {
  const registry = new Registry();
  for (const moduleId of ['admin.reset', 'orders.refund', 'orders.list', 'catalog.search']) {
    registry.register(
      moduleId,
      defineModule({
        description: `Runs ${moduleId}.`,
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ ran: moduleId }),
      }),
    );
  }
  const acl = new ACL(
    [
      { callers: ['*'], targets: ['*'], effect: 'allow', conditions: { roles: ['admin'] } },
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

/** Each entry as `tool moduleId calls`, the figures a test can pin. */
function entriesOf(report: UsageReport): string[] {
  return report.tools.map(({ tool, moduleId, calls }) => `${tool} ${moduleId} ${calls}`);
}

describe.each(ERAS)('GET /usage per caller, %s client', (era) => {
  const running: ServerHandle[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  async function start(grouping: 'none' | 'namespace') {
    const signer = await createTestSigner('ES256');
    const server = await startServer(createExecutor(), {
      transport: 'streamable-http',
      host: '127.0.0.1',
      port: 0,
      grouping,
      logger: createRecordingLogger(),
      auth: { jwks: signer.jwks, audience: AUDIENCE },
      usage: { adminRoles: ['admin'] },
    });
    running.push(server);
    const tokenFor = (sub: string, roles: string[]) => signer.sign({ sub, roles, aud: AUDIENCE });
    /** Connects as `sub`, makes each call (tool name and arguments), checks it ran, closes. */
    const callAs = async (
      sub: string,
      roles: string[],
      calls: [string, Record<string, unknown>][],
    ) => {
      const client = await connectClient({
        era,
        transport: 'http',
        url: server.url ?? '',
        headers: { authorization: `Bearer ${await tokenFor(sub, roles)}` },
      });
      try {
        for (const [name, args] of calls) {
          expect((await client.callTool(name, args)).isError).toBe(false);
        }
      } finally {
        await client.close();
      }
    };
    const usageAs = async (sub: string, roles: string[]) => {
      const response = await fetch(new URL('/usage', server.url), {
        headers: { authorization: `Bearer ${await tokenFor(sub, roles)}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      return { text, report: JSON.parse(text) as UsageReport };
    };
    return { callAs, usageAs };
  }

  it('shows a caller the usage of the tools it may list, and an admin role all of it', async () => {
    const { callAs, usageAs } = await start('none');
    await callAs(
      'carol',
      ['customer'],
      [
        ['catalog-search', {}],
        ['orders-list', {}],
      ],
    );
    await callAs('ann', ['staff'], [['orders-refund', {}]]);
    await callAs('root', ['admin'], [['admin-reset', {}]]);

    const customer = await usageAs('carol', ['customer']);
    expect(entriesOf(customer.report)).toEqual([
      'catalog-search catalog.search 1',
      'orders-list orders.list 1',
    ]);
    // Figures per tool only: no caller is named, the asking one included.
    for (const hidden of ['admin', 'refund', 'root', 'ann', 'carol']) {
      expect(customer.text).not.toContain(hidden);
    }
    const staff = await usageAs('ann', ['staff']);
    expect(entriesOf(staff.report)).toEqual([
      'catalog-search catalog.search 1',
      'orders-list orders.list 1',
      'orders-refund orders.refund 1',
    ]);
    const admin = await usageAs('root', ['admin']);
    expect(entriesOf(admin.report)).toEqual([
      'admin-reset admin.reset 1',
      'catalog-search catalog.search 1',
      'orders-list orders.list 1',
      'orders-refund orders.refund 1',
    ]);
  });

  it("shows a grouped tool's usage only for the actions the caller may call", async () => {
    const { callAs, usageAs } = await start('namespace');
    await callAs('carol', ['customer'], [['orders', { action: 'list' }]]);
    await callAs(
      'ann',
      ['staff'],
      [
        ['orders', { action: 'refund' }],
        ['orders', { action: 'refund' }],
      ],
    );
    // A namespace of one module stays a plain tool.
    await callAs('root', ['admin'], [['admin-reset', {}]]);

    const customer = await usageAs('carol', ['customer']);
    expect(entriesOf(customer.report)).toEqual(['orders orders.list 1']);
    expect(customer.text).not.toContain('refund');
    const admin = await usageAs('root', ['admin']);
    expect(entriesOf(admin.report)).toEqual([
      'admin-reset admin.reset 1',
      'orders orders.list 1',
      'orders orders.refund 2',
    ]);
  });
});
