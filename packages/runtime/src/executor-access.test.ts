import { defineModule, type Identity } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { createExecutor, echo, rejectionOf } from './__fixtures__/executor-fixtures.js';
import { ACL } from './acl.js';
import { Context } from './context.js';

const STAFF: Identity = { id: 'ann', roles: ['staff'] };
const GUEST: Identity = { id: 'bob', roles: ['guest'] };

/** Calls `orders.list`, a module that calls `orders.refund` in turn. */
const listThenRefund = defineModule({
  description: 'Lists orders, refunding the first',
  inputSchema: { type: 'object' },
  execute: (_inputs, context) => context.executor.call('orders.refund', {}, context),
});

function staffOnlyExecutor() {
  const acl = ACL.fromObject({
    rules: [
      {
        callers: ['*'],
        targets: ['orders.*'],
        effect: 'allow',
        conditions: { roles: ['staff'], max_call_depth: 1 },
      },
      { callers: ['@external'], targets: ['public.*'], effect: 'allow' },
    ],
  });
  return createExecutor(
    { 'orders.refund': echo, 'orders.list': listThenRefund, 'public.search': echo },
    { acl },
  );
}

describe('Executor access checks', () => {
  it('exposes its ACL read-only, null without one', () => {
    expect(createExecutor({ echo }).acl).toBeNull();
    const executor = staffOnlyExecutor();
    expect(executor.acl).toBeInstanceOf(ACL);
  });

  it('canCall: every module without an ACL, whoever asks', () => {
    const executor = createExecutor({ echo });
    expect(executor.canCall('echo')).toBe(true);
    expect(executor.canCall('echo', GUEST)).toBe(true);
  });

  it('canCall answers as a top-level call of that identity would be answered', async () => {
    const executor = staffOnlyExecutor();
    expect(executor.canCall('orders.refund', STAFF)).toBe(true);
    expect(executor.canCall('orders.refund', GUEST)).toBe(false);
    expect(executor.canCall('orders.refund')).toBe(false);
    expect(executor.canCall('public.search', null)).toBe(true);

    const asStaff = Context.create({ executor, identity: STAFF });
    expect(await executor.call('orders.refund', { id: 1 }, asStaff)).toEqual({ id: 1 });
    const asGuest = Context.create({ executor, identity: GUEST });
    const refused = await rejectionOf(executor.call('orders.refund', {}, asGuest));
    expect(refused.code).toBe('ACL_DENIED');
  });

  it('applies max_call_depth to nested calls made through context.call', async () => {
    const executor = staffOnlyExecutor();
    expect(executor.canCall('orders.list', STAFF)).toBe(true);
    // orders.list is depth 1 and allowed; the nested orders.refund is depth 2 and refused.
    const asStaff = Context.create({ executor, identity: STAFF });
    const refused = await rejectionOf(executor.call('orders.list', {}, asStaff));
    expect(refused.code).toBe('ACL_DENIED');
    expect(refused.details).toMatchObject({ callerId: 'orders.list', targetId: 'orders.refund' });
  });

  it('canCall sees rules added later', () => {
    const executor = staffOnlyExecutor();
    (executor.acl as ACL).addRule({
      callers: ['bob'],
      targets: ['orders.refund'],
      effect: 'allow',
    });
    expect(executor.canCall('orders.refund', GUEST)).toBe(true);
  });
});
