import { defineEventType } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { readAccessCheck } from '../../../tools/tool-visibility.js';
import { EventVisibility } from './event-visibility.js';

const STOCK_LOW = defineEventType({ name: 'stock.low' });
const caller = (authenticated: boolean, overHttp = true) => ({
  identity: authenticated ? { id: 'ann', roles: [] } : undefined,
  subject: authenticated ? 'ann' : '@anonymous',
  authenticated,
  overHttp,
});

describe('who sees which event types, by which modes', () => {
  it("asks the executor's ACL with the type's name as the target", () => {
    const acl = new ACL([{ callers: ['ann'], targets: ['stock.*'], effect: 'allow' }]);
    const executor = new Executor(new Registry(), { acl });
    const visibility = new EventVisibility({ access: readAccessCheck(executor), webhooks: true });
    expect(visibility.sees(STOCK_LOW, { id: 'ann', roles: [] } as never)).toBe(true);
    expect(visibility.sees(STOCK_LOW, { id: 'bob', roles: [] } as never)).toBe(false);
    expect(visibility.sees(STOCK_LOW, undefined)).toBe(false);
  });

  it('shows every type without an ACL', () => {
    const visibility = new EventVisibility({ access: undefined, webhooks: true });
    expect(visibility.sees(STOCK_LOW, undefined)).toBe(true);
  });

  it("hides a type whose tags fail the server's tag filter, as a module's would", () => {
    const tagged = defineEventType({ name: 'order.placed', tags: ['orders', 'public'] });
    const internal = defineEventType({ name: 'audit.logged', tags: ['orders', 'internal'] });
    const filtered = new EventVisibility({
      access: undefined,
      webhooks: true,
      tagFilter: { tags: ['orders'], excludeTags: ['internal'], prefix: 'never.' },
    });
    expect(filtered.sees(tagged, undefined)).toBe(true);
    expect(filtered.sees(internal, undefined)).toBe(false);
    expect(filtered.sees(STOCK_LOW, undefined)).toBe(false);
    const anyOf = new EventVisibility({
      access: undefined,
      webhooks: true,
      tagFilter: { anyTags: ['public', 'billing'] },
      unfiltered: (type) => type === STOCK_LOW,
    });
    expect(anyOf.sees(tagged, undefined)).toBe(true);
    expect(anyOf.sees(internal, undefined)).toBe(false);
    expect(anyOf.sees(STOCK_LOW, undefined)).toBe(true);
  });

  it('applies the tag filter before the ACL', () => {
    const acl = new ACL([{ callers: ['*'], targets: ['*'], effect: 'allow' }]);
    const executor = new Executor(new Registry(), { acl });
    const visibility = new EventVisibility({
      access: readAccessCheck(executor),
      webhooks: true,
      tagFilter: { tags: ['public'] },
    });
    expect(visibility.sees(STOCK_LOW, { id: 'ann', roles: [] } as never)).toBe(false);
  });

  it('offers webhooks only to authenticated callers over HTTP, and poll only with replay', () => {
    const visibility = new EventVisibility({ access: undefined, webhooks: true });
    expect(visibility.deliveryFor(STOCK_LOW, caller(true))).toEqual(['poll', 'push', 'webhook']);
    expect(visibility.deliveryFor(STOCK_LOW, caller(false))).toEqual(['poll', 'push']);
    expect(visibility.deliveryFor(STOCK_LOW, caller(true, false))).toEqual(['poll', 'push']);
    const noReplay = defineEventType({ name: 'tick', replay: false, delivery: ['poll', 'push'] });
    expect(visibility.deliveryFor(noReplay, caller(true))).toEqual(['push']);
    const off = new EventVisibility({ access: undefined, webhooks: false });
    expect(off.deliveryFor(STOCK_LOW, caller(true))).toEqual(['poll', 'push']);
  });
});
