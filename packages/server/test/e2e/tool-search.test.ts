import { defineModule } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText, manyModuleSpecs } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';

/** 1,000 generated modules; each answers with its id and arguments. No one may delete. */
function createLargeRuntime(): { registry: Registry; executor: Executor } {
  const registry = new Registry();
  for (const { moduleId, ...definition } of manyModuleSpecs(1000)) {
    registry.register(
      moduleId,
      defineModule({ ...definition, execute: (inputs) => ({ moduleId, inputs }) }),
    );
  }
  const acl = new ACL(
    [
      { callers: ['@external'], targets: ['*.delete_*'], effect: 'deny' },
      { callers: ['@external'], targets: ['*'], effect: 'allow' },
    ],
    'deny',
  );
  return { registry, executor: new Executor(registry, { acl }) };
}

interface FoundTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

async function searchTools(
  client: McpClientHandle,
  args: Record<string, unknown>,
): Promise<FoundTool[]> {
  const result = await client.callTool('search_tools', args);
  expect(result.isError).toBe(false);
  const found = (result.structuredContent as { tools: FoundTool[] }).tools;
  expect(JSON.parse(firstText(result))).toEqual({ tools: found });
  return found;
}

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])('tool search, %s client', (era) => {
  let server: ServerHandle;
  let client: McpClientHandle;
  beforeAll(async () => {
    server = await startServer(createLargeRuntime().executor, {
      transport: 'streamable-http',
      port: 0,
      toolSearch: true,
      validateInputs: true,
      logger: createRecordingLogger(),
    });
    client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('lists exactly search_tools and call_tool', async () => {
    const tools = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    expect(tools[0]?.inputSchema).toMatchObject({ required: ['query'] });
  });

  it('finds the right module among 1,000 with its schema', async () => {
    const [best] = await searchTools(client, { query: 'restore an archived invoice' });
    expect(best).toMatchObject({
      name: 'billing-restore_invoice',
      title: 'Restore invoice',
      description: 'Bring back from the archive a invoice record of the billing department.',
      inputSchema: { properties: { invoiceId: { type: 'string' } }, required: ['invoiceId'] },
    });
    const [parcel] = await searchTools(client, { query: 'track parcel', limit: 1 });
    expect(parcel?.name).toMatch(/^shipping-\w+_parcel$/);
  });

  it('matches prefixes and typos, and honours tags and limit', async () => {
    const [prefix] = await searchTools(client, { query: 'payro export' });
    expect(prefix?.name).toBe('staff-export_payroll_run');
    const [typo] = await searchTools(client, { query: 'warehuose audit' });
    expect(typo?.name).toBe('inventory-audit_warehouse');
    const tagged = await searchTools(client, { query: 'record', tags: ['support'], limit: 50 });
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((tool) => tool.name.startsWith('support-'))).toBe(true);
    expect(await searchTools(client, { query: 'record', limit: 3 })).toHaveLength(3);
    expect(await searchTools(client, { query: 'zzzz qqqq' })).toEqual([]);
  });

  it('finds nothing the ACL refuses the caller (every delete_ module here)', async () => {
    const found = await searchTools(client, { query: 'delete', limit: 50 });
    expect(found.some((tool) => tool.name.includes('-delete_'))).toBe(false);
  });

  it('calls the module it found through call_tool, with every check', async () => {
    const result = await client.callTool('call_tool', {
      name: 'billing-restore_invoice',
      arguments: { invoiceId: 'inv-7' },
    });
    expect(result.isError).toBe(false);
    expect(JSON.parse(firstText(result))).toEqual({
      moduleId: 'billing.restore_invoice',
      inputs: { invoiceId: 'inv-7' },
    });
    const invalid = await client.callTool('call_tool', {
      name: 'billing-restore_invoice',
      arguments: { invoiceId: 7 },
    });
    expect(invalid.isError).toBe(true);
    expect(firstText(invalid)).toMatch(/^Input validation failed:\n- invoiceId: /);
    const denied = await client.callTool('call_tool', {
      name: 'billing-delete_invoice',
      arguments: { invoiceId: 'inv-7' },
    });
    expect(denied.isError).toBe(true);
    expect(firstText(denied)).toBe('Access denied');
  });

  it('answers an unknown name as an unknown tool, and refuses to call itself', async () => {
    const unknown = await client.callTool('call_tool', { name: 'no-such-tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(firstText(unknown)).toBe('Unknown tool: no-such-tool');
    const itself = await client.callTool('call_tool', { name: 'search_tools', arguments: {} });
    expect(itself.isError).toBe(true);
    expect(firstText(itself)).toBe(
      'call_tool cannot call search_tools; call search_tools directly',
    );
  });

  it('refuses bad search and call arguments with the fields named', async () => {
    const badLimit = await client.callTool('search_tools', { query: 'x', limit: 51 });
    expect(badLimit.isError).toBe(true);
    expect(firstText(badLimit)).toMatch(/^Input validation failed:\n- limit: /);
    const noName = await client.callTool('call_tool', { arguments: {} });
    expect(noName.isError).toBe(true);
    expect(firstText(noName)).toMatch(/^Input validation failed:\n- name: /);
  });

  it('still answers a direct call by a tool’s own name', async () => {
    const result = await client.callTool('orders-get_order', { orderId: 'o-1' });
    expect(JSON.parse(firstText(result))).toMatchObject({ moduleId: 'orders.get_order' });
  });
});

describe('tool search on a changing registry', () => {
  it('finds a module registered while serving, and no longer one unregistered', async () => {
    const { executor, registry } = createLargeRuntime();
    const server = await startServer(executor, {
      transport: 'streamable-http',
      port: 0,
      toolSearch: true,
      dynamic: true,
      logger: createRecordingLogger(),
    });
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url: server.url ?? '',
    });
    try {
      expect(await searchTools(client, { query: 'quantum teleporter' })).toEqual([]);
      registry.register(
        'lab.calibrate_teleporter',
        defineModule({
          description: 'Calibrate the quantum teleporter before a jump.',
          inputSchema: { type: 'object', properties: {} },
          execute: () => ({ calibrated: true }),
        }),
      );
      const [found] = await searchTools(client, { query: 'quantum teleporter' });
      expect(found?.name).toBe('lab-calibrate_teleporter');
      registry.unregister('lab.calibrate_teleporter');
      expect(await searchTools(client, { query: 'quantum teleporter' })).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])(
  'tool search over stdio, %s client',
  (era) => {
    it('finds a module and calls it through call_tool, approval asked as for a direct call', async () => {
      const client = await connectClient({
        era,
        transport: 'stdio',
        command: process.execPath,
        args: [fixturePath('stdio-server.mjs')],
        env: { ...process.env, FIXTURE_TOOL_SEARCH: '1' },
        cwd: SERVER_ROOT,
        stderr: 'ignore',
      });
      try {
        expect((await client.listTools()).map((tool) => tool.name)).toEqual([
          'search_tools',
          'call_tool',
        ]);
        const [found] = await searchTools(client, { query: 'remove a file' });
        expect(found?.name).toBe('files-remove');
        const asked: string[] = [];
        const result = await client.callTool(
          'call_tool',
          { name: 'files-remove', arguments: { path: '/tmp/x' } },
          {
            onElicit: (request) => {
              asked.push(request.message);
              return { action: 'accept', content: { confirm: true } };
            },
          },
        );
        expect(asked).toEqual([expect.stringMatching(/^Approve running files\.remove\?/)]);
        expect(JSON.parse(firstText(result))).toEqual({ removed: '/tmp/x' });
      } finally {
        await client.close();
      }
    });
  },
);
