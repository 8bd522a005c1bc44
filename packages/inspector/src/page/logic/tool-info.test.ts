import { describe, expect, it } from 'vitest';
import example from './__fixtures__/example-server.json' with { type: 'json' };
import { matchesToolFilter, readToolInfo, type ToolLike } from './tool-info.js';

const tool = (name: string, tools: ToolLike[] = example.tools): ToolLike => {
  const found = tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
};

describe('readToolInfo', () => {
  it('reads the module id, tags, version, badges and UI resource', () => {
    expect(readToolInfo(tool('catalog-get_product'))).toEqual({
      name: 'catalog-get_product',
      title: 'Get product',
      description: 'Look up one product of the catalog by its SKU: name, price, stock.',
      moduleId: 'catalog.get_product',
      version: '1.0.0',
      tags: ['catalog'],
      uiResourceUri: 'ui://catalog.get_product/product-card.html',
      actions: [],
      badges: ['read-only', 'idempotent'],
    });
  });

  it('badges approval, destruction, streaming and task support', () => {
    expect(readToolInfo(tool('orders-refund_order')).badges).toEqual([
      'idempotent',
      'requires approval',
    ]);
    expect(readToolInfo(tool('orders-cancel_order')).badges).toEqual(['destructive']);
    expect(readToolInfo(tool('reports-sales_summary')).badges).toEqual(['read-only', 'streaming']);
    expect(readToolInfo(tool('catalog-audit_stock')).badges).toContain('tasks: optional');
  });

  it('lists a grouped tool actions with their module ids and badges', () => {
    const info = readToolInfo(tool('orders', example.groupedTools));
    expect(info.group).toBe('orders');
    expect(info.actions).toEqual([
      { action: 'cancel_order', moduleId: 'orders.cancel_order', badges: ['destructive'] },
      { action: 'place_order', moduleId: 'orders.place_order', badges: [] },
      {
        action: 'refund_order',
        moduleId: 'orders.refund_order',
        badges: ['idempotent', 'requires approval'],
      },
    ]);
  });
});

describe('matchesToolFilter', () => {
  const info = readToolInfo(tool('orders-refund_order'));

  it('matches words of the name, module id, title and tags, in any case', () => {
    for (const filter of [
      '',
      'refund',
      'orders.refund',
      'Refund Order',
      'payments',
      'ORDERS payments',
    ]) {
      expect(matchesToolFilter(info, filter), filter).toBe(true);
    }
    expect(matchesToolFilter(info, 'catalog')).toBe(false);
    expect(matchesToolFilter(info, 'refund catalog')).toBe(false);
  });

  it('matches a grouped tool by an action module id', () => {
    expect(
      matchesToolFilter(readToolInfo(tool('catalog', example.groupedTools)), 'get_product'),
    ).toBe(true);
  });
});
