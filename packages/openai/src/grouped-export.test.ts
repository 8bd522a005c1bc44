import { defineModule } from '@apcore-mcp/core';
import { ACL, Executor, Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { routeGroupedCall } from './route-grouped-call.js';
import { toOpenaiTools, toOpenaiToolsDetailed } from './to-openai-tools.js';
import type { ChatToolCall } from './types.js';

function createRegistry(): Registry {
  const registry = new Registry();
  registry.register(
    'orders.place',
    defineModule({
      description: 'Place an order',
      inputSchema: {
        type: 'object',
        properties: { item: { type: 'string' }, note: { type: 'string' } },
        required: ['item'],
      },
      execute: ({ item }) => ({ placed: item }),
    }),
  );
  registry.register(
    'orders.cancel',
    defineModule({
      description: 'Cancel an order',
      annotations: { destructive: true },
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      },
      execute: ({ id }) => ({ cancelled: id }),
    }),
  );
  registry.register(
    'health.ping',
    defineModule({
      description: 'Ping',
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({ pong: true }),
    }),
  );
  return registry;
}

function chatCall(name: string, args: Record<string, unknown>): ChatToolCall {
  return {
    id: `call_${name}`,
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  };
}

describe('toOpenaiTools with groupAnnotations', () => {
  const descriptionOf = (options: Parameters<typeof toOpenaiTools>[1]) =>
    toOpenaiTools(createRegistry(), {
      grouping: 'namespace',
      embedAnnotations: true,
      ...options,
    }).find((tool) => tool.function.name === 'orders')?.function.description ?? '';

  it('lets the annotations stated for a group win over its actions’ aggregate', () => {
    const aggregated = descriptionOf({});
    const stated = descriptionOf({
      groupAnnotations: { orders: { destructive: false, idempotent: true } },
    });
    expect(aggregated).toMatch(/destructive=true/);
    // The suffix names what differs from the defaults: the stated values alone, here.
    expect(stated).toMatch(/\n\n\[Annotations: idempotent=true\]$/);
  });

  it('refuses a flag that is no annotation, naming it', () => {
    const attempt = () =>
      descriptionOf({ groupAnnotations: { orders: { destructiv: true } } as never });
    expect(attempt).toThrow(InvalidArgumentError);
    expect(attempt).toThrow(/^groupAnnotations\.orders\.destructiv is not an annotation/);
  });
});

describe('toOpenaiTools with grouping', () => {
  it('folds a namespace into one function and reports its actions’ modules', () => {
    const { tools, groups } = toOpenaiToolsDetailed(createRegistry(), { grouping: 'namespace' });
    expect(tools.map((tool) => tool.function.name)).toEqual(['health-ping', 'orders']);
    expect(groups).toEqual({ orders: { cancel: 'orders.cancel', place: 'orders.place' } });
    const orders = tools[1]?.function;
    expect(orders?.description).toContain('- cancel: Cancel an order. Requires: id. ⚠️ DESTRUCTIVE');
    expect(orders?.parameters).toMatchObject({
      required: ['action'],
      properties: {
        action: { enum: ['cancel', 'place'] },
        id: { description: 'Required for: cancel' },
      },
    });
  });

  it('makes a strict grouped schema: every field required, optional ones nullable', () => {
    const [, orders] = toOpenaiTools(createRegistry(), { grouping: 'namespace', strict: true });
    expect(orders?.function.strict).toBe(true);
    const parameters = orders?.function.parameters as Record<string, unknown>;
    expect(parameters.additionalProperties).toBe(false);
    expect(parameters.required).toEqual(['action', 'id', 'item', 'note']);
    const properties = parameters.properties as Record<string, Record<string, unknown>>;
    expect(properties.action).toMatchObject({ type: 'string', enum: ['cancel', 'place'] });
    expect(properties.id?.type).toEqual(['string', 'null']);
  });

  it('keeps auto ungrouped up to maxTools', () => {
    const registry = createRegistry();
    expect(toOpenaiTools(registry, { grouping: 'auto', maxTools: 3 })).toHaveLength(3);
    expect(toOpenaiTools(registry, { grouping: 'auto', maxTools: 2 })).toHaveLength(2);
  });

  it('encodes the action table with the given encoder', () => {
    const [, orders] = toOpenaiTools(createRegistry(), {
      grouping: 'namespace',
      encodeTable: ({ actions }) => actions.map((row) => row.action).join('|'),
    });
    expect(orders?.function.description).toBe(
      'orders: 2 actions, chosen by "action".\ncancel|place',
    );
  });

  it('refuses a bad grouping or maxTools naming the argument', () => {
    expect(() => toOpenaiTools(createRegistry(), { grouping: 'all' as never })).toThrow(
      InvalidArgumentError,
    );
    expect(() => toOpenaiTools(createRegistry(), { grouping: 'auto', maxTools: 0 })).toThrow(
      'maxTools must be a whole number of at least 1, got 0',
    );
  });
});

describe('routing grouped calls back', () => {
  const groups = { orders: { place: 'orders.place', cancel: 'orders.cancel' } };
  const schemaOf = (moduleId: string) => createRegistry().getDefinition(moduleId)?.inputSchema;

  it('drops the nulls a strict model sends for other actions’ fields, refuses unknown ones', () => {
    expect(
      routeGroupedCall('orders', { action: 'cancel', id: 'o-1', item: null }, groups, schemaOf),
    ).toEqual({
      moduleId: 'orders.cancel',
      action: 'cancel',
      arguments: { id: 'o-1' },
    });
    expect(
      routeGroupedCall('orders', { action: 'cancel', id: 'o-1', item: 'pen' }, groups, schemaOf),
    ).toEqual({
      problem: '[orders/cancel] Unknown field for cancel: item',
    });
    expect(routeGroupedCall('orders', {}, groups, schemaOf)).toEqual({
      problem: '[orders] action is required. Available actions: place, cancel',
    });
  });

  it('dispatches a model’s grouped calls through the executor as the action’s module', async () => {
    const registry = createRegistry();
    const { tools, groups: exported } = toOpenaiToolsDetailed(registry, {
      grouping: 'namespace',
      strict: true,
    });
    const acl = new ACL([
      { callers: ['*'], targets: ['orders.cancel'], effect: 'deny' },
      { callers: ['*'], targets: ['*'], effect: 'allow' },
    ]);
    const executor = new Executor(registry, { acl });
    const answers = await dispatchToolCalls(
      executor,
      [
        chatCall('orders', { action: 'place', item: 'pen', note: null, id: null }),
        chatCall('orders', { action: 'cancel', id: 'o-1', item: null, note: null }),
        chatCall('orders', { action: 'ship' }),
      ],
      { tools, groups: exported ?? {} },
    );
    expect(answers.map((answer) => answer.content)).toEqual([
      '{"placed":"pen"}',
      expect.stringMatching(/^\[orders\/cancel\] Access denied\n\n\{"retryable":false,/),
      '[orders] Unknown action "ship". Available actions: cancel, place. Nothing was executed.',
    ]);
  });
});

describe("toOpenaiTools with grouping: 'tag'", () => {
  it('folds the modules sharing their first tag into one function named after it', () => {
    const registry = new Registry();
    const inputSchema = { type: 'object', properties: {} };
    for (const [id, tags] of [
      ['list_pets', ['pets']],
      ['add_pet', ['pets', 'write']],
      ['ping', []],
    ] as const) {
      registry.register(
        id,
        defineModule({ description: id, tags: [...tags], inputSchema, execute: () => ({}) }),
      );
    }
    const tools = toOpenaiTools(registry, { grouping: 'tag' });
    expect(tools.map((tool) => tool.function.name)).toEqual(['pets', 'ping']);
    expect(tools[0]?.function.parameters).toMatchObject({
      properties: { action: { enum: ['add_pet', 'list_pets'] } },
    });
  });
});

describe('toOpenaiToolsDetailed with a grouped function strict mode refuses', () => {
  it('lists each module once with the violations under its own fields, never naming the group a module', () => {
    const registry = new Registry();
    for (const field of ['a', 'b', 'c']) {
      registry.register(
        `orders.${field}`,
        defineModule({
          description: field,
          inputSchema: {
            type: 'object',
            properties: { [field]: { type: 'string', minLength: 1 } },
          },
          execute: () => ({}),
        }),
      );
    }
    const warnings: string[] = [];
    const logger = {
      warn: (_fields: unknown, message: string) => warnings.push(message),
      info() {},
      error() {},
      debug() {},
    };
    const { tools, skipped } = toOpenaiToolsDetailed(registry, {
      grouping: 'namespace',
      strict: true,
      logger,
    });
    // One warning per module, none of them calling the group a module.
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).not.toMatch(/module "orders"/i);
    expect(tools).toEqual([]);
    expect(skipped.map((entry) => entry.moduleId)).toEqual(['orders.a', 'orders.b', 'orders.c']);
    for (const [index, { reason, code }] of skipped.entries()) {
      const own = ['a', 'b', 'c'][index];
      expect(code).toBe('STRICT_MODE_VIOLATION');
      expect(reason).toMatch(
        /^The schema of grouped function "orders" breaks OpenAI's strict mode:\n/,
      );
      expect(reason.split('\n').slice(1)).toEqual([
        `- Grouped function "orders", /properties/${own}: "minLength" is not supported in strict mode for type string | null`,
      ]);
      expect(reason).not.toMatch(/Module "orders"/);
    }
  });
});
