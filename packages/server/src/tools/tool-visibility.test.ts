import * as core from '@apcore-mcp/core';
import type * as coreBridge from '@apcore-mcp/core/bridge';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { ExecutionRouter } from '../calls/execution-router.js';
import { resolveToolGrouping } from '../grouping/grouping-options.js';
import { ToolBuilder } from './tool-builder.js';
import { ToolTable } from './tool-table.js';
import { readAccessCheck, ToolVisibility } from './tool-visibility.js';

const STAFF: core.Identity = { id: 'ann', roles: ['staff'] };
const GUEST: core.Identity = { id: 'bob', roles: ['guest'] };

function defineNoop() {
  return core.defineModule({
    description: 'Does nothing.',
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({}),
  });
}

const STAFF_ONLY_ORDERS: runtime.ACLConfig = {
  rules: [
    { callers: ['*'], targets: ['orders.*'], effect: 'allow', conditions: { roles: ['staff'] } },
    { callers: ['@external'], targets: ['public.*'], effect: 'allow' },
  ],
};

/** A followed tool table over `orders.refund` and `public.search`, an executor with `acl`. */
function setUp(acl: runtime.ACL | null = runtime.ACL.fromObject(STAFF_ONLY_ORDERS)) {
  const registry = new runtime.Registry();
  registry.register('orders.refund', defineNoop());
  registry.register('public.search', defineNoop());
  const tools = new ToolTable({ registry, builder: new ToolBuilder() });
  tools.refresh();
  tools.start();
  const executor = new runtime.Executor(registry, { acl });
  return { registry, tools, executor, logger: createRecordingLogger() };
}

function namesOf(source: { list(): { tool: { name: string } }[] }): string[] {
  return source.list().map(({ tool }) => tool.name);
}

describe('readAccessCheck', () => {
  it('finds nothing to ask without an ACL or without canCall', () => {
    const { executor, registry } = setUp(null);
    expect(readAccessCheck(executor)).toBeUndefined();
    const foreign: coreBridge.ExecutorLike = { registry, call: async () => ({}) };
    expect(readAccessCheck(foreign)).toBeUndefined();
  });

  it('uses an executor with an ACL, or one that only has canCall', () => {
    const { executor, registry } = setUp();
    expect(readAccessCheck(executor)).toBe(executor);
    const foreign = { registry, call: async () => ({}), canCall: () => true };
    expect(readAccessCheck(foreign)).toBe(foreign);
  });
});

describe('ToolVisibility', () => {
  it('shows each subject the tools its ACL lets it call', () => {
    const { tools, executor, logger } = setUp();
    const visibility = new ToolVisibility({ executor, tools, logger });
    expect(namesOf(visibility.viewFor(STAFF))).toEqual(['orders-refund', 'public-search']);
    expect(namesOf(visibility.viewFor(GUEST))).toEqual(['public-search']);
    expect(namesOf(visibility.viewFor(undefined))).toEqual(['public-search']);
    const guestView = visibility.viewFor(GUEST);
    expect(guestView.get('orders-refund')).toBeUndefined();
    expect(guestView.getByModuleId('orders.refund')).toBeUndefined();
    expect(guestView.get('public-search')?.moduleId).toBe('public.search');
    expect(visibility.viewFor(STAFF).getByModuleId('orders.refund')?.tool.name).toBe(
      'orders-refund',
    );
  });

  it('keeps one view per subject (id, type, roles in any order), at most maxSubjects', () => {
    const { tools, executor, logger } = setUp();
    const visibility = new ToolVisibility({ executor, tools, logger, maxSubjects: 2 });
    visibility.viewFor({ id: 'ann', roles: ['staff', 'reader'] });
    visibility.viewFor({ id: 'ann', roles: ['reader', 'staff'] });
    expect(visibility.cachedSubjects).toBe(1);
    visibility.viewFor({ id: 'ann', type: 'service', roles: ['staff', 'reader'] });
    expect(visibility.cachedSubjects).toBe(2);
    visibility.viewFor(GUEST);
    expect(visibility.cachedSubjects).toBe(2);
  });

  it('drops its views when the tool table changes', () => {
    const { registry, tools, executor, logger } = setUp();
    const visibility = new ToolVisibility({ executor, tools, logger });
    expect(namesOf(visibility.viewFor(STAFF))).toEqual(['orders-refund', 'public-search']);
    registry.register('orders.cancel', defineNoop());
    expect(visibility.cachedSubjects).toBe(0);
    expect(namesOf(visibility.viewFor(STAFF))).toEqual([
      'orders-refund',
      'public-search',
      'orders-cancel',
    ]);
    expect(namesOf(visibility.viewFor(GUEST))).toEqual(['public-search']);
    registry.unregister('orders.refund');
    expect(namesOf(visibility.viewFor(STAFF))).toEqual(['public-search', 'orders-cancel']);
  });

  it('drops its views when rules are added to the ACL', () => {
    const { tools, executor, logger } = setUp();
    const visibility = new ToolVisibility({ executor, tools, logger });
    expect(namesOf(visibility.viewFor(GUEST))).toEqual(['public-search']);
    (executor.acl as runtime.ACL).addRule({
      callers: ['bob'],
      targets: ['orders.refund'],
      effect: 'allow',
    });
    expect(namesOf(visibility.viewFor(GUEST))).toEqual(['orders-refund', 'public-search']);
  });

  it('hides a tool whose access check throws, and says so in the log', () => {
    const { tools, registry, logger } = setUp();
    const executor = {
      registry,
      call: async () => ({}),
      canCall: (moduleId: string) => {
        if (moduleId === 'orders.refund') throw new Error('policy store unreachable');
        return true;
      },
    };
    const visibility = new ToolVisibility({ executor, tools, logger });
    expect(namesOf(visibility.viewFor(STAFF))).toEqual(['public-search']);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'Access check failed; tool hidden' }),
    );
  });

  it('stops following the table when closed', () => {
    const { registry, tools, executor, logger } = setUp();
    const visibility = new ToolVisibility({ executor, tools, logger });
    visibility.viewFor(STAFF);
    visibility.close();
    expect(visibility.cachedSubjects).toBe(0);
    visibility.viewFor(STAFF);
    registry.register('orders.cancel', defineNoop());
    expect(visibility.cachedSubjects).toBe(1);
  });
});

describe('ToolVisibility of grouped tools', () => {
  /** `orders.refund` (staff), `orders.list` (anyone), `billing.*` (staff), by namespace. */
  function setUpGrouped() {
    const registry = new runtime.Registry();
    for (const id of ['orders.refund', 'orders.list', 'billing.pay', 'billing.refund'])
      registry.register(id, defineNoop());
    const tools = new ToolTable({
      registry,
      builder: new ToolBuilder(),
      grouping: resolveToolGrouping({ grouping: 'namespace' }),
    });
    tools.refresh();
    const acl = runtime.ACL.fromObject({
      rules: [
        { callers: ['@external'], targets: ['orders.list'], effect: 'allow' },
        { callers: ['*'], targets: ['*'], effect: 'allow', conditions: { roles: ['staff'] } },
      ],
    });
    const executor = new runtime.Executor(registry, { acl });
    return {
      tools,
      executor,
      visibility: new ToolVisibility({ executor, tools, logger: createRecordingLogger() }),
    };
  }

  it('lists a group when any of its actions may be called, and only those actions as modules', () => {
    const { visibility } = setUpGrouped();
    const guest = visibility.viewFor(GUEST);
    expect(namesOf(guest)).toEqual(['orders']);
    expect(guest.getByModuleId('orders.list')?.moduleId).toBe('orders.list');
    expect(guest.getByModuleId('orders.refund')).toBeUndefined();
    expect(guest.getByModuleId('billing.pay')).toBeUndefined();

    const staff = visibility.viewFor(STAFF);
    expect(namesOf(staff).sort()).toEqual(['billing', 'orders']);
    expect(staff.getByModuleId('orders.refund')?.moduleId).toBe('orders.refund');
  });

  it('hides a group none of whose actions may be called', () => {
    const { tools, visibility } = setUpGrouped();
    expect(tools.get('billing')?.actions?.size).toBe(2);
    expect(visibility.viewFor(undefined).get('billing')).toBeUndefined();
  });

  it('shows a group narrowed to the actions the caller may call, nothing of the others', () => {
    const { tools, visibility } = setUpGrouped();
    const whole = tools.get('orders');
    const guest = visibility.viewFor(GUEST);
    const shown = guest.get('orders');
    expect(guest.list()).toEqual([shown]);
    expect([...(shown?.actions?.keys() ?? [])]).toEqual(['list']);
    expect(shown?.tool.inputSchema.properties?.action?.enum).toEqual(['list']);
    expect(JSON.stringify(shown?.tool)).not.toContain('refund');
    expect(Object.keys(shown?.tool._meta?.['apcore/actions'] as object)).toEqual(['list']);
    expect(shown?.tool.name).toBe(whole?.tool.name);
    // The table keeps the whole group; a caller who may run every action gets that very object.
    expect(whole?.actions?.size).toBe(2);
    expect(visibility.viewFor(STAFF).get('orders')).toBe(whole);
  });

  it('answers a call naming no valid action with the caller’s actions only', async () => {
    const { tools, executor, visibility } = setUpGrouped();
    const router = new ExecutionRouter({
      executor,
      tools,
      toolsFor: (identity) => visibility.viewFor(identity),
    });
    const textOf = async (name: string, args: Record<string, unknown>, identity?: core.Identity) =>
      firstText(await router.handleCall(name, args, identity && { identity }));
    expect(await textOf('orders', { action: 'nope' }, GUEST)).toBe(
      '[orders] Invalid input: Unknown action "nope". Available actions: list',
    );
    expect(await textOf('orders', {}, STAFF)).toBe(
      '[orders] Invalid input: action is required. Available actions: list, refund',
    );
    // A group the caller sees nothing of names no action; a hidden action is refused by the ACL.
    expect(await textOf('billing', { action: 'nope' }, GUEST)).toBe(
      '[billing] Invalid input: Unknown action "nope". No action is available to this caller',
    );
    expect(await textOf('orders', { action: 'refund' }, GUEST)).toMatch(
      /^\[orders\/refund\] Access denied/,
    );
  });
});
