import type { Identity } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import type { ServedTool, ToolSource } from '../../kernel/served-tool.js';
import type { ToolUsage, UsageReport } from '../../kernel/tool-usage.js';
import { createUsageReader } from './usage-reader.js';

function served(moduleId: string, name: string, actions?: ServedTool[]): ServedTool {
  return {
    moduleId,
    tool: { name, inputSchema: { type: 'object' } },
    ...(actions === undefined
      ? {}
      : { actions: new Map(actions.map((action) => [action.moduleId, action])) }),
  };
}

function sourceOf(tools: ServedTool[]): ToolSource {
  return {
    list: () => tools,
    get: (name) => tools.find((entry) => entry.tool.name === name),
    getByModuleId: () => undefined,
  };
}

function usage(tool: string, moduleId: string): ToolUsage {
  return {
    tool,
    moduleId,
    calls: 1,
    errors: 0,
    errorRate: 0,
    errorCodes: {},
    p50Ms: 1,
    p95Ms: 1,
    lastCalledAt: 'then',
  };
}

const REPORT: UsageReport = {
  since: '2026-11-24T14:00:00.000Z',
  tools: [
    usage('admin-reset', 'admin.reset'),
    usage('catalog-search', 'catalog.search'),
    usage('orders', 'orders.list'),
    usage('orders', 'orders.refund'),
    usage('gone-tool', 'gone.tool'),
  ],
};

/** What a customer lists: the catalog, and the orders group narrowed to `list`. */
const CUSTOMER_VIEW = sourceOf([
  served('catalog.search', 'catalog-search'),
  served('orders', 'orders', [served('orders.list', 'orders-list')]),
]);

const ADMIN: Identity = { id: 'root', roles: ['ops', 'admin'] };
const CUSTOMER: Identity = { id: 'bob', roles: ['customer'] };

function readerFor(identity?: Identity) {
  return createUsageReader({
    report: () => REPORT,
    toolsFor: () => CUSTOMER_VIEW,
    adminRoles: ['admin'],
    identity,
  });
}

describe('createUsageReader', () => {
  it("shows a caller the usage of the tools it lists, a group's listed actions only", () => {
    const report = readerFor()(CUSTOMER);
    expect(report.since).toBe(REPORT.since);
    expect(report.tools.map(({ tool, moduleId }) => `${tool} ${moduleId}`)).toEqual([
      'catalog-search catalog.search',
      'orders orders.list',
    ]);
  });

  it('shows the whole report to a caller holding an admin role, and to a request with none', () => {
    expect(readerFor()(ADMIN)).toEqual(REPORT);
    expect(readerFor()(undefined)).toEqual(REPORT);
  });

  it('takes a request without a caller as the identity option, as calls do', () => {
    expect(readerFor(CUSTOMER)(undefined).tools).toHaveLength(2);
    expect(readerFor(CUSTOMER)(ADMIN)).toEqual(REPORT);
  });

  it('makes nobody an admin without admin roles', () => {
    const reader = createUsageReader({
      report: () => REPORT,
      toolsFor: () => CUSTOMER_VIEW,
      adminRoles: [],
      identity: undefined,
    });
    expect(reader(ADMIN).tools).toHaveLength(2);
  });
});
