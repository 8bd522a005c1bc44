import { describe, expect, it } from 'vitest';
import example from './__fixtures__/example-server.json' with { type: 'json' };
import { buildFormModel } from './form-model.js';

const inputOf = (name: string) => {
  const tool = example.tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool.inputSchema;
};

describe('buildFormModel', () => {
  it('makes a required text field with its pattern and hint', () => {
    expect(buildFormModel(inputOf('catalog-get_product'))).toEqual({
      fields: [
        {
          kind: 'text',
          name: 'sku',
          required: true,
          description: 'The product SKU, e.g. MUG-001',
          inputType: 'text',
          multiline: false,
          pattern: '^[A-Z]{3}-[0-9]{3}$',
        },
      ],
    });
  });

  it('reads enums, integers, booleans and defaults', () => {
    const model = buildFormModel(inputOf('catalog-search'));
    expect(model?.fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['query', 'text', false],
      ['category', 'enum', false],
      ['maxPriceCents', 'number', false],
      ['inStockOnly', 'boolean', false],
    ]);
    expect(model?.fields[1]).toMatchObject({ options: ['kitchen', 'pantry', 'home'] });
    expect(model?.fields[2]).toMatchObject({ integer: true, minimum: 0 });
    expect(model?.fields[3]).toMatchObject({ default: false });
  });

  it('nests objects and arrays of objects, with formats as input types', () => {
    const model = buildFormModel(inputOf('orders-place_order'));
    const customer = model?.fields.find((field) => field.name === 'customer');
    expect(customer?.kind).toBe('object');
    if (customer?.kind !== 'object') return;
    expect(customer.fields.find((field) => field.name === 'email')).toMatchObject({
      kind: 'text',
      inputType: 'email',
      required: true,
    });
    expect(customer.fields.find((field) => field.name === 'shippingAddress')?.kind).toBe('object');
    const items = model?.fields.find((field) => field.name === 'items');
    expect(items).toMatchObject({ kind: 'array', minItems: 1, item: { kind: 'object' } });
    expect(model?.fields.find((field) => field.name === 'note')).toMatchObject({
      kind: 'text',
      multiline: true,
      maxLength: 500,
    });
  });

  it('falls back to a JSON field for what a form cannot express', () => {
    const model = buildFormModel({
      type: 'object',
      properties: {
        choice: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        linked: { $ref: '#/$defs/x' },
        bag: { type: 'object', additionalProperties: { type: 'number' } },
        anything: {},
        when: { type: 'string', format: 'date' },
        maybe: { type: ['integer', 'null'] },
      },
    });
    expect(model?.fields.map((field) => field.kind)).toEqual([
      'json',
      'json',
      'json',
      'json',
      'text',
      'number',
    ]);
    expect(model?.fields[0]).toMatchObject({ reason: 'uses oneOf' });
    expect(model?.fields[4]).toMatchObject({ inputType: 'date' });
  });

  it('has no form for a root that is not an object with properties', () => {
    expect(buildFormModel({ anyOf: [{ type: 'object' }] })).toBeUndefined();
    expect(buildFormModel({ type: 'array' })).toBeUndefined();
    expect(
      buildFormModel({ type: 'object', additionalProperties: { type: 'string' } }),
    ).toBeUndefined();
    expect(buildFormModel(inputOf('settings-plan_export'))).toEqual({ fields: [] });
  });
});
