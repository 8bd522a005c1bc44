import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { connectInMemory, type InMemoryConnection } from '../__fixtures__/in-memory.js';
import { inspectServer } from '../lifecycle/inspect-server.js';
import { startServer } from '../lifecycle/start-server.js';

function createRegistry(moduleIds: readonly string[]): runtime.Registry {
  const registry = new runtime.Registry();
  for (const moduleId of moduleIds) {
    registry.register(
      moduleId,
      core.defineModule({
        description: `Answers its id, ${moduleId}.`,
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ moduleId }),
      }),
    );
  }
  return registry;
}

// Two ids longer than 64 characters with one head and one hash: found by search.
const COLLIDING = [
  'reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx',
  'reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd',
] as const;

describe('tool names', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('serves the module ids themselves with toolNames: module-id', async () => {
    connection = await connectInMemory(createRegistry(['catalog.get_product']), {
      toolNames: 'module-id',
    });
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['catalog.get_product']);
    const result = await connection.client.callTool({ name: 'catalog.get_product' });
    expect(JSON.parse(firstText(result))).toEqual({ moduleId: 'catalog.get_product' });
    await expect(connection.client.callTool({ name: 'catalog-get_product' })).rejects.toMatchObject(
      {
        code: -32602,
        message: 'MCP error -32602: Unknown tool: catalog-get_product',
      },
    );
  });

  it('never maps a call back by reversing the name: a dotted call to a safe server is unknown', async () => {
    connection = await connectInMemory(createRegistry(['catalog.get_product']));
    await expect(connection.client.callTool({ name: 'catalog.get_product' })).rejects.toMatchObject(
      {
        code: -32602,
        message: 'MCP error -32602: Unknown tool: catalog.get_product',
      },
    );
  });

  it('refuses to start when two modules would get one name, naming both', async () => {
    const logger = createRecordingLogger();
    await expect(
      startServer(createRegistry(COLLIDING), { transport: 'streamable-http', port: 0, logger }),
    ).rejects.toMatchObject({
      code: 'TOOL_NAME_COLLISION',
      message: expect.stringContaining(`Modules "${COLLIDING[0]}" and "${COLLIDING[1]}"`),
    });
    // With module-id names they are two tools.
    const { tools } = await inspectServer(createRegistry(COLLIDING), { toolNames: 'module-id' });
    expect(tools.map(({ tool }) => tool.name)).toEqual([...COLLIDING]);
  });

  it('warns at startup about names Cursor drops with the server name, naming what helps', async () => {
    const longName = `inventory.${'x'.repeat(40)}`;
    connection = await connectInMemory(createRegistry(['a.short', longName]), {
      name: 'warehouse-tools',
    });
    const warnings = connection.logger.messages('warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      '1 tool name is over 60 characters together with the server name "warehouse-tools"',
    );
    expect(warnings[0]).toContain(`inventory-${'x'.repeat(40)}`);
    expect(warnings[0]).toContain('--name');
    expect(warnings[0]).toContain('--prefix / --tags');
  });

  it('warns once when the served tools pass what common clients take, also as modules arrive', async () => {
    const ids = Array.from({ length: 128 }, (_, index) => `bulk.tool_${index}`);
    const registry = createRegistry(ids);
    connection = await connectInMemory(registry, { dynamic: true });
    const countWarnings = () =>
      connection?.logger.messages('warn').filter((message) => message.startsWith('Serving')) ?? [];
    expect(countWarnings()).toEqual([]);
    registry.register('bulk.tool_128', createRegistry(['x.y']).get('x.y')!);
    registry.register('bulk.tool_129', createRegistry(['x.y']).get('x.y')!);
    expect(countWarnings()).toEqual([
      'Serving 129 tools; common clients take at most 128 per request and some far fewer: serve fewer with prefix / tags (--prefix / --tags)',
    ]);
  });

  it('says nothing at startup for a small registry with short names', async () => {
    connection = await connectInMemory(createRegistry(['a.one', 'a.two']));
    expect(connection.logger.messages('warn')).toEqual([]);
  });
});
