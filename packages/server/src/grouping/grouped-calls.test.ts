import { defineModule } from '@apcore-mcp/core';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { encodeActionTable } from '@apcore-mcp/toon';
import { describe, expect, it } from 'vitest';
import { governanceEntries, type TestGovernance } from '../__fixtures__/governance-entries.js';
import { createGroupedRuntime } from '../__fixtures__/grouped-modules.js';
import type { GovernedCall, SettledCall } from '../calls/call-governance.js';
import { ExecutionRouter } from '../calls/execution-router.js';
import { inspectServer } from '../lifecycle/inspect-server.js';
import { ToolBuilder } from '../tools/tool-builder.js';
import { ToolTable } from '../tools/tool-table.js';
import type { ToolChange } from '../tools/tool-table-options.js';
import { resolveToolGrouping } from './grouping-options.js';

function createTable(grouping: Parameters<typeof resolveToolGrouping>[0]) {
  const runtime = createGroupedRuntime();
  const logger = createRecordingLogger();
  const table = new ToolTable({
    registry: runtime.registry,
    builder: new ToolBuilder({ logger }),
    grouping: resolveToolGrouping(grouping),
    encodeTable: encodeActionTable,
    logger,
  });
  table.refresh();
  return { ...runtime, table, logger };
}

describe('grouped calls in the router', () => {
  it('shows governance the action’s real module and the arguments without action', async () => {
    const { executor, table } = createTable({ grouping: 'namespace' });
    const seen: Array<[GovernedCall, SettledCall]> = [];
    const admitted: string[] = [];
    const governance: TestGovernance = {
      admit: async (call) => {
        admitted.push(call.served.moduleId);
        return undefined;
      },
      settle: (call, settled) => seen.push([call, settled]),
    };
    const router = new ExecutionRouter({
      executor,
      tools: table,
      entries: governanceEntries(governance),
    });
    const result = await router.handleCall(
      'orders',
      { action: 'get_order', order_id: 'o-1' },
      { identity: { id: 'alice' } },
    );
    expect(result.isError).toBeUndefined();
    expect(admitted).toEqual(['orders.get_order']);
    const [call, settled] = seen[0] ?? [];
    expect(call).toMatchObject({
      tool: 'orders',
      subject: 'alice',
      arguments: { order_id: 'o-1' },
    });
    expect(call?.served.moduleId).toBe('orders.get_order');
    expect(settled?.ran).toBe(true);
  });

  it('settles a refused unknown field against the action’s module, but not a missing action', async () => {
    const { executor, table, probe } = createTable({ grouping: 'namespace' });
    const settled: string[] = [];
    const router = new ExecutionRouter({
      executor,
      tools: table,
      entries: governanceEntries({ settle: (call) => settled.push(call.served.moduleId) }),
    });
    const unknown = await router.handleCall('orders', { action: 'get_order', order_id: 'o', x: 1 });
    expect(firstText(unknown)).toBe(
      '[orders/get_order] Invalid input: Unknown field for get_order: x. Its fields: order_id',
    );
    const missing = await router.handleCall('orders', {});
    expect(missing.isError).toBe(true);
    expect(settled).toEqual(['orders.get_order']);
    expect(probe.ran).toEqual([]);
  });

  it('prefixes the executor’s own errors with the tool and action', async () => {
    const { executor, table } = createTable({ grouping: 'namespace' });
    const router = new ExecutionRouter({ executor, tools: table, approval: 'deny' });
    const denied = await router.handleCall('orders', { action: 'cancel_order', order_id: 'o' });
    expect(firstText(denied)).toBe('[orders/cancel_order] Approval denied');
  });
});

describe('the grouped tool table', () => {
  it('encodes the action table in TOON with toonDescriptions', () => {
    const { table } = createTable({ grouping: 'namespace', toonDescriptions: true });
    expect(table.get('orders')?.tool.description).toBe(
      [
        'orders: 3 actions, chosen by "action".',
        'actions[3]{action,desc,required,destructive}:',
        '  cancel_order,Cancel an order,order_id,true',
        '  get_order,Read one order,order_id,false',
        '  place_order,Place an order,item quantity,false',
      ].join('\n'),
    );
  });

  it('lets annotations stated for a group win over the aggregate', () => {
    const { table } = createTable({
      grouping: 'namespace',
      groupAnnotations: { orders: { destructive: false } },
    });
    expect(table.get('orders')?.tool.annotations?.destructiveHint).toBe(false);
  });

  it('freezes grouped tools and still finds each module by its id', () => {
    const { table } = createTable({ grouping: 'namespace' });
    const orders = table.get('orders');
    expect(Object.isFrozen(orders?.tool.inputSchema)).toBe(true);
    expect(table.getByModuleId('orders.get_order')?.tool.name).toBe('orders-get_order');
    expect(table.get('orders-get_order')).toBeUndefined();
  });

  it('regroups on registry changes: a changed group, and auto folding once past maxTools', () => {
    const { registry, table } = createTable({ grouping: 'auto', maxTools: 4 });
    const changes: ToolChange[] = [];
    table.onChange((change) => changes.push(change));
    table.start();
    const module = defineModule({
      description: 'List orders',
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({}),
    });
    registry.register('orders.list_orders', module);
    expect(table.list().map((served) => served.tool.name)).toEqual(['health-ping', 'orders']);
    expect(changes.filter((change) => change.type === 'added').map((c) => c.name)).toEqual([
      'orders',
    ]);
    changes.length = 0;
    registry.register('health.ready', module);
    expect(changes).toEqual([
      { type: 'removed', name: 'health-ping', moduleId: 'health.ping' },
      { type: 'added', name: 'health', moduleId: 'health' },
    ]);
    changes.length = 0;
    registry.unregister('orders.list_orders');
    expect(changes).toEqual([{ type: 'changed', name: 'orders', moduleId: 'orders' }]);
    expect(table.size).toBe(2);
    registry.unregister('orders.get_order');
    // Four modules left: auto unfolds every group (live additions come last).
    expect(table.list().map((served) => served.tool.name)).toEqual([
      'health-ping',
      'orders-cancel_order',
      'orders-place_order',
      'health-ready',
    ]);
    table.stop();
  });

  it('keeps each grouped module’s documentation resource', async () => {
    const { registry } = createGroupedRuntime();
    const resources = (await inspectServer(registry, { grouping: 'namespace' })).listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: 'docs://orders.cancel_order', name: 'orders.cancel_order' }),
    ]);
  });

  it('leaves a group ungrouped, with a warning, when its name is already a tool', () => {
    const { registry, table, logger } = createTable({
      grouping: (moduleId: string) => (moduleId.startsWith('orders.') ? 'health.ping' : undefined),
    });
    expect(registry.list()).toContain('health.ping');
    expect(table.list().map((served) => served.tool.name)).toContain('orders-get_order');
    expect(logger.at('warn').map((entry) => entry.message)).toContain(
      'Not grouping health.ping: its tool name "health-ping" is already served; its modules are served one tool each',
    );
  });
});
