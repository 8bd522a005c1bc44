import { defineModule } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createShopRegistry } from './__fixtures__/shop-registry.js';
import { toGroupedGeminiTool } from './to-gemini-tool.js';
import { toGeminiToolList, toGeminiTools, toGeminiToolsDetailed } from './to-gemini-tools.js';

describe('toGeminiTools', () => {
  it('declares every module that passes the filters, from a registry or an executor alike', () => {
    const registry = createShopRegistry();
    const options = { tags: ['shop'], embedAnnotations: true, dropUnsupportedKeywords: true };
    const declarations = toGeminiTools(registry, options);
    expect(toGeminiTools(new Executor(registry), options)).toEqual(declarations);
    expect(declarations).toEqual([
      {
        name: 'catalog-get_product',
        description: 'Look up a product by SKU\n\n[Annotations: readonly=true]',
        parametersJsonSchema: {
          type: 'object',
          properties: { sku: { type: 'string' } },
          required: ['sku'],
        },
      },
      expect.objectContaining({ name: 'orders-cancel' }),
      {
        name: 'orders-place',
        description: 'Place an order',
        parametersJsonSchema: {
          type: 'object',
          properties: {
            sku: { type: 'string' },
            quantity: { type: 'integer', minimum: 1 },
            gift: { type: ['boolean', 'null'] },
          },
          required: ['quantity', 'sku'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it('writes the OpenAPI subset under schemaField: "parameters"', () => {
    const [place] = toGeminiTools(createShopRegistry(), {
      schemaField: 'parameters',
      prefix: 'orders.place',
    });
    expect(place).toEqual({
      name: 'orders-place',
      description: 'Place an order',
      parameters: {
        type: 'OBJECT',
        properties: {
          sku: { type: 'STRING' },
          quantity: { type: 'INTEGER', minimum: 1 },
          gift: { type: 'BOOLEAN', nullable: true },
        },
        required: ['quantity', 'sku'],
      },
    });
  });

  it('drops from parametersJsonSchema what the field ignores, warning about it, by default', () => {
    const logger = createRecordingLogger();
    const { functionDeclarations, skipped } = toGeminiToolsDetailed(createShopRegistry(), {
      tags: ['shop'],
      logger,
    });
    expect(skipped).toEqual([]);
    const product = functionDeclarations.find(({ name }) => name === 'catalog-get_product');
    expect(JSON.stringify(product?.parametersJsonSchema)).not.toMatch(/"pattern"/);
    expect(logger.warnings()).toEqual([expect.stringMatching(/pattern/)]);
  });

  it('lists a refused module once with every reason, warns once, and declares the rest', () => {
    const logger = createRecordingLogger();
    const { functionDeclarations, skipped } = toGeminiToolsDetailed(createShopRegistry(), {
      tags: ['shop'],
      dropUnsupportedKeywords: false,
      logger,
    });
    expect(functionDeclarations.map((declaration) => declaration.name)).toEqual([
      'orders-cancel',
      'orders-place',
    ]);
    expect(skipped).toEqual([
      {
        moduleId: 'catalog.get_product',
        reasons: [
          expect.stringMatching(
            /^The schema of module "catalog.get_product" breaks the Gemini API's rules for "parametersJsonSchema":\n- Module "catalog.get_product", \/properties\/sku: "pattern"/,
          ),
        ],
        code: 'STRICT_MODE_VIOLATION',
      },
    ]);
    expect(logger.warnings()).toEqual([
      expect.stringMatching(/^Skipping module "catalog.get_product" for Gemini tools: /),
    ]);
  });

  it('skips a module whose name Gemini refuses, naming the rule', () => {
    // Our Registry refuses such an id; a foreign one (matched by shape) may hold it.
    const source = new Registry();
    source.register(
      'auth.check',
      defineModule({ description: 'Check', inputSchema: {}, execute: () => ({}) }),
    );
    const descriptor = source.getDefinition('auth.check');
    const registry = {
      list: () => ['2fa.check'],
      getDefinition: () => (descriptor === null ? null : { ...descriptor, moduleId: '2fa.check' }),
      on() {},
    };
    const { skipped } = toGeminiToolsDetailed(registry);
    expect(skipped[0]?.reasons[0]).toMatch(/function name "2fa-check" does not match/);
  });

  it('groups modules into one function per namespace and gives back the groups', () => {
    const { functionDeclarations, groups, skipped } = toGeminiToolsDetailed(createShopRegistry(), {
      grouping: 'namespace',
      tags: ['shop'],
      schemaField: 'parameters',
      dropUnsupportedKeywords: true,
    });
    expect(skipped).toEqual([]);
    expect(groups).toEqual({ orders: { cancel: 'orders.cancel', place: 'orders.place' } });
    const orders = functionDeclarations.find((declaration) => declaration.name === 'orders');
    expect(orders?.parameters.properties?.action).toMatchObject({
      type: 'STRING',
      format: 'enum',
      enum: ['cancel', 'place'],
    });
    expect(orders?.parameters.required).toEqual(['action']);
  });

  it('builds one grouped function alone, and wraps declarations for `tools:`', () => {
    const registry = createShopRegistry();
    const actions = ['orders.cancel', 'orders.place'].map((moduleId) => {
      const descriptor = registry.getDefinition(moduleId);
      if (descriptor === null) throw new Error(moduleId);
      return { ...descriptor, action: moduleId.split('.')[1] ?? '' };
    });
    expect(toGroupedGeminiTool('orders', actions).name).toBe('orders');
    expect(toGeminiToolList(registry, { prefix: 'orders.' })).toEqual([
      { functionDeclarations: toGeminiTools(registry, { prefix: 'orders.' }) },
    ]);
    expect(toGeminiToolList(registry, { prefix: 'nothing.' })).toEqual([]);
  });
});
