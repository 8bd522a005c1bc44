import { describe, expect, it } from 'vitest';
import { mappingToEntries, parseGroupAnnotationEntries } from './group-annotation-entries.js';
import { parseSettingValue } from './parse-setting-value.js';
import { findSettingSpec } from './setting-specs.js';

describe('parseGroupAnnotationEntries', () => {
  it('reads GROUP.FLAG and GROUP.FLAG=true|false, any case or snake_case, dotted groups too', () => {
    expect(
      parseGroupAnnotationEntries([
        'orders.destructive',
        'orders.OpenWorld=False',
        'shop.cart.requires_approval=true',
        'orders.destructive=false',
      ]),
    ).toEqual({
      value: {
        orders: { destructive: false, openWorld: false },
        'shop.cart': { requiresApproval: true },
      },
    });
  });

  it.each([
    ['orders', 'entries must be GROUP.FLAG or GROUP.FLAG=true|false (got "orders")'],
    [
      'orders.destructiv',
      'has no annotation "destructiv" (in "orders.destructiv"); one of readonly, destructive, idempotent, requiresApproval, openWorld, streaming',
    ],
    ['orders.readonly=maybe', 'must set "orders.readonly" to true or false (got "maybe")'],
  ])('says what is wrong with %j', (entry, problem) => {
    expect(parseGroupAnnotationEntries([entry])).toEqual({ problem });
  });
});

describe('the group-annotations setting', () => {
  const spec = findSettingSpec('group-annotations');
  if (spec === undefined) throw new Error('no group-annotations setting');

  it('takes a comma-separated text, a list, or a config file mapping alike', () => {
    const entries = ['orders.destructive=true'];
    expect(parseSettingValue(spec, 'orders.destructive=true')).toEqual({ value: entries });
    expect(parseSettingValue(spec, entries)).toEqual({ value: entries });
    expect(parseSettingValue(spec, { orders: { destructive: true } })).toEqual({ value: entries });
    expect(mappingToEntries({ orders: 'destructive' })).toBeUndefined();
  });

  it('refuses a mapping whose value is no boolean, naming the entry', () => {
    expect(parseSettingValue(spec, { orders: { readonly: 'yes' } })).toEqual({
      problem: 'must set "orders.readonly" to true or false (got "yes")',
    });
  });
});
