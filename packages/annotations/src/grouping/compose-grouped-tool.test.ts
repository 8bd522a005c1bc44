import { describe, expect, it } from 'vitest';
import { composeGroupedTool } from './compose-grouped-tool.js';
import { describeGroup } from './describe-group.js';
import type { GroupAction } from './group-action.js';

const actions: GroupAction[] = [
  {
    action: 'place_order',
    moduleId: 'orders.place_order',
    description: 'Place an order.\nMore words nobody needs here.',
    inputSchema: {
      type: 'object',
      properties: { item: {}, quantity: {} },
      required: ['item', 'quantity'],
    },
    annotations: { idempotent: true, openWorld: false },
  },
  {
    action: 'cancel_order',
    moduleId: 'orders.cancel_order',
    description: 'Cancel an order',
    inputSchema: { type: 'object', properties: { id: {} }, required: ['id'] },
    annotations: { destructive: true, idempotent: true, requiresApproval: true, openWorld: false },
  },
  {
    action: 'list_orders',
    moduleId: 'orders.list_orders',
    description: '',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readonly: true, idempotent: true, openWorld: false },
  },
];

describe('describeGroup', () => {
  it('writes a summary line and one workflow line per action with something to say', () => {
    expect(describeGroup({ group: 'orders', actions })).toBe(
      [
        'orders: 3 actions, chosen by "action": place_order, cancel_order, list_orders.',
        '- place_order: Place an order. Requires: item, quantity.',
        '- cancel_order: Cancel an order. Requires: id. ⚠️ DESTRUCTIVE',
      ].join('\n'),
    );
  });

  it('hands the action table to the encoder when one is given', () => {
    const description = describeGroup({
      group: 'orders',
      actions,
      encodeTable: (table) => JSON.stringify(table.actions[1]),
    });
    expect(description).toBe(
      'orders: 3 actions, chosen by "action".\n' +
        '{"action":"cancel_order","desc":"Cancel an order","required":"id","destructive":true}',
    );
  });
});

describe('composeGroupedTool', () => {
  it('aggregates annotations conservatively', () => {
    const { annotations } = composeGroupedTool({ group: 'orders', actions });
    expect(annotations).toEqual({
      readonly: false,
      destructive: true,
      idempotent: true,
      requiresApproval: true,
      openWorld: false,
      streaming: false,
    });
  });

  it('lets annotations stated for the group win', () => {
    const { annotations } = composeGroupedTool({
      group: 'orders',
      actions,
      annotations: { destructive: false, openWorld: true },
    });
    expect(annotations).toMatchObject({ destructive: false, openWorld: true, idempotent: true });
  });

  it('keeps each action’s module id, annotations and approval requirement', () => {
    const parts = composeGroupedTool({ group: 'orders', actions });
    expect(parts.actions.cancel_order).toEqual({
      moduleId: 'orders.cancel_order',
      annotations: expect.objectContaining({ destructive: true, requiresApproval: true }),
      requiresApproval: true,
    });
    expect(parts.actions.place_order?.requiresApproval).toBe(false);
    expect(parts.inputSchema.required).toEqual(['action']);
  });
});
