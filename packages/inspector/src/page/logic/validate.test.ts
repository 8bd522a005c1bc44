import { describe, expect, it } from 'vitest';
import example from './__fixtures__/example-server.json' with { type: 'json' };
import { buildFormModel } from './form-model.js';
import { fieldId, fieldPointerFor, validateAgainstSchema } from './validate.js';

const schemaOf = (name: string) => {
  const schema = example.tools.find((tool) => tool.name === name)?.inputSchema;
  if (schema === undefined) throw new Error(`no tool ${name}`);
  return schema;
};

describe('validateAgainstSchema', () => {
  it('passes valid arguments', () => {
    expect(validateAgainstSchema(schemaOf('catalog-get_product'), { sku: 'MUG-001' })).toEqual([]);
  });

  it('puts each message at the failing field, in words', () => {
    expect(validateAgainstSchema(schemaOf('catalog-get_product'), {})).toEqual([
      { pointer: '/sku', message: 'is required' },
    ]);
    expect(validateAgainstSchema(schemaOf('catalog-get_product'), { sku: 'mug', nope: 1 })).toEqual(
      [
        { pointer: '/sku', message: 'must match the pattern ^[A-Z]{3}-[0-9]{3}$' },
        { pointer: '/nope', message: 'is not allowed here' },
      ],
    );
  });

  it('reaches nested fields and array items', () => {
    const problems = validateAgainstSchema(schemaOf('orders-place_order'), {
      customer: {
        name: 'Ada',
        email: 'not-an-email',
        shippingAddress: { street: 'x', city: 'y', postalCode: 'z', country: 'France' },
      },
      items: [{ sku: 'MUG-001', quantity: 0 }],
    });
    expect(problems).toEqual([
      { pointer: '/customer/email', message: 'must be a valid email' },
      {
        pointer: '/customer/shippingAddress/country',
        message: 'must match the pattern ^[A-Z]{2}$',
      },
      { pointer: '/items/0/quantity', message: 'must be at least 1' },
    ]);
  });

  it('names the expected type and the enum options', () => {
    expect(
      validateAgainstSchema(schemaOf('catalog-search'), { maxPriceCents: 1.5, category: 'garden' }),
    ).toEqual([
      { pointer: '/category', message: 'must be one of "kitchen", "pantry", "home"' },
      { pointer: '/maxPriceCents', message: 'must be a whole number' },
    ]);
  });
});

describe('fieldPointerFor', () => {
  const model = buildFormModel({
    type: 'object',
    properties: {
      items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
      filter: { oneOf: [{ type: 'object' }] },
    },
  });
  if (model === undefined) throw new Error('no form');

  it('finds the field itself, inside arrays too', () => {
    expect(fieldPointerFor(model, '/items/0/sku')).toBe('/items/0/sku');
    expect(fieldPointerFor(model, '/items')).toBe('/items');
  });

  it('climbs to the JSON field holding a nested value, or gives up for unknown keys', () => {
    expect(fieldPointerFor(model, '/filter/a/b')).toBe('/filter');
    expect(fieldPointerFor(model, '/nope')).toBeUndefined();
    expect(fieldPointerFor(model, '')).toBeUndefined();
  });
});

describe('fieldId', () => {
  it('makes distinct, valid ids from pointers', () => {
    expect(fieldId('run', '/customer/email')).toBe('run-customer-2femail');
    expect(fieldId('run', '/items/0/sku')).toMatch(/^[A-Za-z][\w-]*$/);
    expect(fieldId('run', '/a b')).not.toBe(fieldId('run', '/a_b'));
  });
});
