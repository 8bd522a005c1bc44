import { describe, expect, it } from 'vitest';
import { defineBuiltInEventType, defineEventType } from './define-event-type.js';
import { isDefinition } from './definition.js';

const payloadSchema = {
  type: 'object',
  properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
  required: ['sku', 'onHand'],
};

describe('defineEventType', () => {
  it('makes a frozen, branded event type with its defaults', () => {
    const eventType = defineEventType({ name: 'stock.low', payloadSchema });
    expect(isDefinition(eventType, 'eventType')).toBe(true);
    expect(isDefinition(eventType, 'prompt')).toBe(false);
    expect(Object.isFrozen(eventType)).toBe(true);
    expect(eventType).toMatchObject({
      kind: 'eventType',
      name: 'stock.low',
      description: '',
      inputSchema: { type: 'object', properties: {} },
      payloadSchema,
      replay: true,
      tags: [],
    });
    expect(eventType.delivery).toBeUndefined();
    expect(eventType.match).toBeUndefined();
  });

  it('keeps a detached copy of the schemas, so later edits of the input change nothing', () => {
    const inputSchema = { type: 'object', properties: { sku: { type: 'string' } } };
    const eventType = defineEventType({ name: 'stock.low', inputSchema });
    inputSchema.properties.sku.type = 'integer';
    expect(eventType.inputSchema).toEqual({
      type: 'object',
      properties: { sku: { type: 'string' } },
    });
  });

  it('keeps replay, tags, delivery and match as given', () => {
    const match = (): boolean => true;
    const eventType = defineEventType({
      name: 'order.placed',
      description: 'An order was placed',
      replay: false,
      tags: ['orders'],
      delivery: ['push', 'webhook', 'push'],
      match,
    });
    expect(eventType).toMatchObject({
      description: 'An order was placed',
      replay: false,
      tags: ['orders'],
      delivery: ['push', 'webhook'],
    });
    expect(eventType.match).toBe(match);
  });

  it.each([
    [{ name: '' }, 'defineEventType: name must be a non-empty string'],
    [{ name: 'stock low' }, "name must be letters, digits, '.', '_' or '-'"],
    [{ name: '.stock' }, "name must be letters, digits, '.', '_' or '-'"],
    [{ name: 'x'.repeat(129) }, "name must be letters, digits, '.', '_' or '-'"],
    [{ name: 'a', description: 3 }, 'description must be a string'],
    [{ name: 'a', inputSchema: 'object' }, 'inputSchema must be an object, got a string'],
    [{ name: 'a', payloadSchema: { type: 'array' } }, 'payloadSchema must describe an object'],
    [{ name: 'a', replay: 'yes' }, 'replay must be a boolean'],
    [{ name: 'a', tags: [1] }, 'tags must be an array of non-empty strings'],
    [{ name: 'a', delivery: [] }, 'delivery must be a non-empty array of poll, push, webhook'],
    [{ name: 'a', delivery: ['email'] }, 'delivery must be a non-empty array'],
    [{ name: 'a', match: 'sku' }, 'match must be a function, got a string'],
  ])('refuses %j', (input, message) => {
    expect(() => defineEventType(input as never)).toThrow(message);
  });

  it.each(['mcp.task.updated', 'apcore-mcp.task.finished'])(
    'refuses the reserved name %s',
    (name) => {
      expect(() => defineEventType({ name })).toThrow(
        /defineEventType: name .* starts with (mcp|apcore-mcp)\., which is reserved/,
      );
    },
  );

  it('takes names that only look like a reserved prefix', () => {
    expect(defineEventType({ name: 'mcpx.ping' }).name).toBe('mcpx.ping');
    expect(defineEventType({ name: 'apcore-mcp-shop.order' }).name).toBe('apcore-mcp-shop.order');
  });
});

describe('defineBuiltInEventType', () => {
  it('takes a reserved name, and checks every other field as defineEventType does', () => {
    expect(defineBuiltInEventType({ name: 'apcore-mcp.task.finished' }).name).toBe(
      'apcore-mcp.task.finished',
    );
    expect(() => defineBuiltInEventType({ name: 'apcore-mcp.x', replay: 1 as never })).toThrow(
      'defineBuiltInEventType: replay must be a boolean',
    );
  });
});
