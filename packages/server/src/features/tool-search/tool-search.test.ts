import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createToolIndex } from '@apcore-mcp/search';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connectInMemory } from '../../__fixtures__/in-memory.js';
import { ExecutionRouter } from '../../calls/execution-router.js';
import { ToolBuilder } from '../../tools/tool-builder.js';
import { ToolTable } from '../../tools/tool-table.js';
import { ToolSearch } from './tool-search.js';

function register(registry: Registry, moduleId: string, description: string): void {
  registry.register(
    moduleId,
    defineModule({
      description,
      inputSchema: { type: 'object', properties: { customerId: { type: 'string' } } },
      execute: () => ({ moduleId }),
    }),
  );
}

describe('tool search', () => {
  it('finds a tool by one of its input property names', async () => {
    const registry = new Registry();
    register(registry, 'crm.lookup', 'Looks someone up.');
    register(registry, 'crm.other', 'Does something else entirely.');
    const connection = await connectInMemory(registry, { toolSearch: true });
    try {
      const result = await connection.client.callTool({
        name: 'search_tools',
        arguments: { query: 'lookup customer' },
      });
      const { tools } = result.structuredContent as { tools: { name: string }[] };
      expect(tools[0]?.name).toBe('crm-lookup');
    } finally {
      await connection.close();
    }
  });

  it('finds a grouped tool through its actions, tags included, each group once', async () => {
    const registry = new Registry();
    for (const [moduleId, description, tags] of [
      ['orders.refund', 'Refunds a payment.', ['money']],
      ['orders.list', 'Lists recent orders.', []],
      ['crm.lookup', 'Looks someone up.', []],
    ] as const) {
      registry.register(
        moduleId,
        defineModule({
          description,
          tags: [...tags],
          inputSchema: { type: 'object', properties: {} },
          execute: () => ({}),
        }),
      );
    }
    const connection = await connectInMemory(registry, { toolSearch: true, grouping: 'namespace' });
    const search = async (args: Record<string, unknown>) => {
      const result = await connection.client.callTool({ name: 'search_tools', arguments: args });
      return (result.structuredContent as { tools: { name: string }[] }).tools.map((t) => t.name);
    };
    try {
      expect(await search({ query: 'refund payment orders' })).toEqual(['orders']);
      expect(await search({ query: 'orders', tags: ['money'] })).toEqual(['orders']);
      expect(await search({ query: '', tags: ['money'] })).toEqual(['orders']);
      expect(await search({ query: 'lookup', tags: ['money'] })).toEqual([]);
    } finally {
      await connection.close();
    }
  });

  it('still sends tools/list_changed when the registry changes, listing the same two tools', async () => {
    const registry = new Registry();
    register(registry, 'crm.lookup', 'Looks someone up.');
    const connection = await connectInMemory(registry, { toolSearch: true, dynamic: true });
    try {
      const notified = new Promise<void>((resolve) => {
        connection.client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
          resolve(),
        );
      });
      register(registry, 'crm.merge', 'Merges two customers.');
      await notified;
      const { tools } = await connection.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    } finally {
      await connection.close();
    }
  });

  it('warns about a module whose tool name tool search answers itself', async () => {
    const registry = new Registry();
    register(registry, 'search_tools', 'A module that happens to share the name.');
    const connection = await connectInMemory(registry, { toolSearch: true });
    try {
      expect(connection.logger.entries.map((entry) => entry.message)).toContain(
        'Module search_tools is served as search_tools, which tool search answers itself; it cannot be called',
      );
    } finally {
      await connection.close();
    }
  });

  it('returns only the tools visible to the caller, before limit cuts the list', async () => {
    const registry = new Registry();
    register(registry, 'crm.lookup_customer', 'Looks a customer up.');
    register(registry, 'crm.merge_customer', 'Merges two customers.');
    register(registry, 'crm.delete_customer', 'Deletes a customer.');
    const tools = new ToolTable({ registry, builder: new ToolBuilder() });
    tools.refresh();
    const seen: (string | undefined)[] = [];
    const search = new ToolSearch({
      tools,
      createIndex: createToolIndex,
      toolsFor: (identity) => {
        seen.push(identity?.id);
        const visible = tools.list().filter((served) => !served.moduleId.includes('delete'));
        return {
          list: () => visible,
          get: (name) => tools.get(name),
          getByModuleId: (moduleId) => tools.getByModuleId(moduleId),
        };
      },
    });
    const router = new ExecutionRouter({
      executor: { registry, call: async () => ({}) },
      tools,
      identity: { id: 'default-caller' },
      entries: { search: search.entry },
    });
    const result = await router.handleCall(
      'search_tools',
      { query: 'customer', limit: 5 },
      { identity: { id: 'alice' } },
    );
    const found = (result as unknown as { structuredContent: { tools: { name: string }[] } })
      .structuredContent.tools;
    expect(found.map((tool) => tool.name).sort()).toEqual([
      'crm-lookup_customer',
      'crm-merge_customer',
    ]);
    await router.handleCall('search_tools', { query: 'customer' }, {});
    expect(seen).toEqual(['alice', 'default-caller']);
  });

  it('runs call_tool as its target: the same steps, one log line and one metric under its name', async () => {
    const registry = new Registry();
    register(registry, 'crm.lookup', 'Looks someone up.');
    registry.register(
      'crm.export',
      defineModule({
        description: 'Exports every customer.',
        annotations: { taskSupport: 'required' },
        inputSchema: { type: 'object', properties: {} },
        execute: () => ({ exported: true }),
      }),
    );
    const tools = new ToolTable({ registry, builder: new ToolBuilder() });
    tools.refresh();
    const search = new ToolSearch({ tools, createIndex: createToolIndex });
    const logger = createRecordingLogger();
    const counted: (string | undefined)[] = [];
    const router = new ExecutionRouter({
      executor: new Executor(registry),
      tools,
      logger,
      entries: { search: search.entry },
      observer: { answered: ({ tool }) => counted.push(tool), approval: () => {} },
    });
    const extra = { era: '2026-07-28' as const, tasksServed: true };
    await router.answerRequest('search_tools', { query: 'customer' }, extra);
    const found = await router.answerRequest(
      'call_tool',
      { name: 'crm-lookup', arguments: { customerId: 'c-1' } },
      extra,
    );
    expect(found).toMatchObject({ content: [{ text: '{"moduleId":"crm.lookup"}' }] });
    await expect(
      router.answerRequest('call_tool', { name: 'crm-export', arguments: {} }, extra),
    ).rejects.toMatchObject({ code: -32021 });
    const legacy = { era: '2025-11-25' as const, tasksServed: true, taskRequested: true };
    await expect(
      router.answerRequest('search_tools', { query: 'x' }, legacy),
    ).rejects.toMatchObject({ code: -32601, message: expect.stringContaining('search_tools') });
    expect(counted).toEqual([undefined, 'crm-lookup', 'crm-export', undefined]);
    const lines = logger.entries.filter((entry) => entry.message?.startsWith('Tool call'));
    expect(lines.map((entry) => [entry.message, (entry.object as { tool?: string }).tool])).toEqual(
      [
        ['Tool call', 'search_tools'],
        ['Tool call', 'crm-lookup'],
        ['Tool call failed', 'crm-export'],
        ['Tool call failed', 'search_tools'],
      ],
    );
  });
});
