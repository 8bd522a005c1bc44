import { describe, expect, it } from 'vitest';
import { createToolIndex, type ToolDocument } from './tool-index.js';

const TOOLS: ToolDocument[] = [
  {
    id: 'crm-lookup',
    name: 'crm-lookup',
    moduleId: 'crm.lookup',
    description: 'Looks someone up.',
    properties: ['customerId'],
  },
  {
    id: 'crm-other',
    name: 'crm-other',
    moduleId: 'crm.other',
    description: 'Does something else entirely.',
  },
  {
    id: 'orders\u0000refund',
    tool: 'orders',
    name: 'orders refund',
    moduleId: 'orders.refund',
    description: 'Refunds a payment.',
    tags: ['money'],
  },
  {
    id: 'orders\u0000list',
    tool: 'orders',
    name: 'orders list',
    moduleId: 'orders.list',
    description: 'Lists recent orders.',
  },
];

describe('createToolIndex', () => {
  it('finds a tool by one of its input property names', () => {
    expect(createToolIndex(TOOLS).search({ text: 'lookup customer', limit: 5 })[0]).toBe(
      'crm-lookup',
    );
  });

  it('names a tool whose documents match several times once, at its best rank', () => {
    expect(createToolIndex(TOOLS).search({ text: 'refund payment orders', limit: 5 })).toEqual([
      'orders',
    ]);
    expect(createToolIndex(TOOLS).search({ text: 'money', limit: 5 })).toEqual(['orders']);
  });

  it('matches prefixes and small typos', () => {
    const index = createToolIndex(TOOLS);
    expect(index.search({ text: 'refu', limit: 5 })).toEqual(['orders']);
    expect(index.search({ text: 'lokup', limit: 5 })).toEqual(['crm-lookup']);
  });

  it('filters documents before the limit cuts the list', () => {
    const index = createToolIndex(TOOLS);
    expect(index.search({ text: 'crm', limit: 1, filter: (id) => id !== 'crm-lookup' })).toEqual([
      'crm-other',
    ]);
    expect(
      index.search({ text: 'orders', limit: 5, filter: (id) => id !== 'orders\u0000list' }),
    ).toEqual(['orders']);
    expect(
      index.search({ text: 'recent', limit: 5, filter: (id) => id !== 'orders\u0000list' }),
    ).toEqual([]);
  });

  it('names at most limit tools, and none for a blank query', () => {
    const index = createToolIndex(TOOLS);
    expect(index.search({ text: 'crm', limit: 1 })).toHaveLength(1);
    expect(index.search({ text: '  ', limit: 5 })).toEqual([]);
  });

  it('keeps the first of two documents with one id', () => {
    const index = createToolIndex([
      { id: 'twice', name: 'twice', description: 'The first one.' },
      { id: 'twice', name: 'twice', description: 'The second one.' },
    ]);
    expect(index.search({ text: 'first', limit: 5 })).toEqual(['twice']);
    expect(index.search({ text: 'second', limit: 5 })).toEqual([]);
  });
});
