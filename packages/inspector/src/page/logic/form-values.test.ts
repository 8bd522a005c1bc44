import { describe, expect, it } from 'vitest';
import example from './__fixtures__/example-server.json' with { type: 'json' };
import { buildFormModel, type FormModel } from './form-model.js';
import {
  formValuesFromArguments,
  formValuesToArguments,
  initialFormValues,
} from './form-values.js';
import { parseJson } from './parse-json.js';

const modelOf = (name: string): FormModel => {
  const model = buildFormModel(example.tools.find((tool) => tool.name === name)?.inputSchema ?? {});
  if (model === undefined) throw new Error(`no form for ${name}`);
  return model;
};

describe('initialFormValues', () => {
  it('prefills defaults and leaves the rest empty', () => {
    expect(initialFormValues(modelOf('catalog-search'))).toEqual({
      query: '',
      category: '',
      maxPriceCents: '',
      inStockOnly: 'false',
    });
    expect(initialFormValues(modelOf('catalog-audit_stock'))).toEqual({ lowStockBelow: '10' });
  });

  it('starts an array with its minimum number of items', () => {
    const values = initialFormValues(modelOf('orders-place_order'));
    expect(values.items).toEqual([{ sku: '', quantity: '' }]);
  });
});

describe('formValuesToArguments', () => {
  it('coerces types and leaves empty optional fields out', () => {
    const model = modelOf('catalog-search');
    expect(
      formValuesToArguments(model, {
        query: 'mug',
        category: '1',
        maxPriceCents: '1500',
        inStockOnly: '',
      }),
    ).toEqual({
      arguments: { query: 'mug', category: 'pantry', maxPriceCents: 1500 },
      problems: [],
    });
  });

  it('builds nested objects and arrays, and reports what it cannot read', () => {
    const model = modelOf('orders-place_order');
    const { arguments: args, problems } = formValuesToArguments(model, {
      customer: {
        name: 'Ada',
        email: 'ada@example.com',
        shippingAddress: { street: '', city: '', postalCode: '', country: '' },
      },
      items: [
        { sku: 'MUG-001', quantity: '2' },
        { sku: 'TEA-002', quantity: 'two' },
      ],
      note: '',
    });
    expect(args).toEqual({
      customer: { name: 'Ada', email: 'ada@example.com', shippingAddress: {} },
      items: [{ sku: 'MUG-001', quantity: 2 }, { sku: 'TEA-002' }],
    });
    expect(problems).toEqual([{ pointer: '/items/1/quantity', message: 'must be a number' }]);
  });

  it('flags a fraction in an integer field and broken JSON in a JSON field', () => {
    const model = buildFormModel({
      type: 'object',
      properties: { n: { type: 'integer' }, raw: { oneOf: [{ type: 'object' }] } },
    });
    if (model === undefined) throw new Error('no form');
    const { problems } = formValuesToArguments(model, { n: '1.5', raw: '{"a": }' });
    expect(problems).toEqual([
      { pointer: '/n', message: 'must be a whole number' },
      { pointer: '/raw', message: 'is not valid JSON: line 1, column 7: unexpected "}"' },
    ]);
  });

  it('sends a required boolean as a checkbox state and an optional one only when chosen', () => {
    const model = buildFormModel({
      type: 'object',
      properties: { confirm: { type: 'boolean' }, notify: { type: 'boolean' } },
      required: ['confirm'],
    });
    if (model === undefined) throw new Error('no form');
    expect(initialFormValues(model)).toEqual({ confirm: false, notify: '' });
    expect(formValuesToArguments(model, { confirm: false, notify: '' }).arguments).toEqual({
      confirm: false,
    });
    expect(formValuesToArguments(model, { confirm: true, notify: 'false' }).arguments).toEqual({
      confirm: true,
      notify: false,
    });
  });
});

describe('raw JSON and the form', () => {
  it('round-trips arguments the form can show', () => {
    const model = modelOf('orders-place_order');
    const args = {
      customer: {
        name: 'Ada',
        email: 'ada@example.com',
        shippingAddress: { street: '1 Main St', city: 'Paris', postalCode: '75001', country: 'FR' },
      },
      items: [{ sku: 'MUG-001', quantity: 2 }],
      note: 'fragile',
    };
    const values = formValuesFromArguments(model, args);
    expect(values).toBeDefined();
    if (values === undefined) return;
    expect(formValuesToArguments(model, values)).toEqual({ arguments: args, problems: [] });
  });

  it('does not fill defaults for keys the raw JSON leaves out', () => {
    expect(formValuesFromArguments(modelOf('catalog-audit_stock'), {})).toEqual({
      lowStockBelow: '',
    });
  });

  it('refuses arguments the form cannot show', () => {
    const model = modelOf('catalog-search');
    expect(formValuesFromArguments(model, { nope: 1 })).toBeUndefined();
    expect(formValuesFromArguments(model, { maxPriceCents: 'cheap' })).toBeUndefined();
    expect(formValuesFromArguments(model, { category: 'garden' })).toBeUndefined();
    expect(formValuesFromArguments(model, [1])).toBeUndefined();
  });
});

describe('parseJson', () => {
  it('parses JSON', () => {
    expect(parseJson('{"a": [1, true, null, "x"]}')).toEqual({
      ok: true,
      value: { a: [1, true, null, 'x'] },
    });
  });

  it('says on which line and column the text stops being JSON', () => {
    expect(parseJson('{\n  "a": 1,\n  "b" 2\n}')).toMatchObject({ ok: false, line: 3, column: 7 });
    expect(parseJson('[1, 2')).toMatchObject({
      ok: false,
      line: 1,
      column: 6,
      message: 'line 1, column 6: the text ends too early',
    });
    expect(parseJson('{"a": 1} x')).toMatchObject({ ok: false, line: 1, column: 10 });
    expect(parseJson("{'a': 1}")).toMatchObject({ ok: false, line: 1, column: 2 });
  });
});

describe('parseJson strings', () => {
  it('accepts escapes and refuses raw control characters and bad escapes', () => {
    expect(parseJson('"a\\n\\u00e9\\"b"')).toEqual({ ok: true, value: 'a\né"b' });
    expect(parseJson('"a\tb"')).toMatchObject({ ok: false, column: 3 });
    expect(parseJson('"a\\qb"')).toMatchObject({ ok: false, column: 3 });
    expect(parseJson('"abc')).toMatchObject({ ok: false, column: 5 });
  });
});
