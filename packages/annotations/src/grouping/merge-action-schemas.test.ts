import { describe, expect, it } from 'vitest';
import type { GroupAction } from './group-action.js';
import { mergeActionSchemas } from './merge-action-schemas.js';
import { fieldTier, tagFieldDescription } from './tag-field-description.js';

function action(
  name: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): GroupAction {
  return {
    action: name,
    moduleId: `users.${name}`,
    description: '',
    inputSchema: { type: 'object', properties, required },
  };
}

const str = { type: 'string' };

describe('fieldTier', () => {
  it('names the four tiers', () => {
    expect(fieldTier({ usedBy: ['a', 'b'], requiredBy: ['a', 'b'], actionCount: 2 })).toBe(
      '(always required)',
    );
    expect(fieldTier({ usedBy: ['a', 'b'], requiredBy: ['a', 'b'], actionCount: 3 })).toBe(
      'Required for: a, b',
    );
    expect(fieldTier({ usedBy: ['a', 'b'], requiredBy: ['a'], actionCount: 3 })).toBe(
      'Required for: a. For: b',
    );
    expect(fieldTier({ usedBy: ['a', 'b'], requiredBy: [], actionCount: 3 })).toBe('For: a, b');
  });

  it('appends the tier to the field description', () => {
    const usage = { usedBy: ['a'], requiredBy: ['a'], actionCount: 2 };
    expect(tagFieldDescription('The id.', usage)).toBe('The id. Required for: a');
    expect(tagFieldDescription(undefined, usage)).toBe('Required for: a');
    const always = { usedBy: ['a', 'b'], requiredBy: ['a', 'b'], actionCount: 2 };
    expect(tagFieldDescription('The tenant', always)).toBe('The tenant (always required)');
  });
});

describe('mergeActionSchemas', () => {
  const actions = [
    action('create', { tenant: str, email: { ...str, description: 'Email' }, role: str }, [
      'tenant',
      'email',
    ]),
    action('update', { tenant: str, id: str, email: str }, ['tenant', 'id']),
    action('list', { tenant: str, limit: { type: 'integer' } }, ['tenant']),
  ];
  const merged = mergeActionSchemas(actions);
  const properties = merged.properties as Record<string, Record<string, unknown>>;

  it('adds a required action enum and refuses unknown fields', () => {
    expect(properties.action).toMatchObject({ type: 'string', enum: ['create', 'update', 'list'] });
    expect(merged.required).toEqual(['action', 'tenant']);
    expect(merged.additionalProperties).toBe(false);
  });

  it('tags each field with its tier, first description winning', () => {
    expect(properties.tenant?.description).toBe('(always required)');
    expect(properties.email?.description).toBe('Email. Required for: create. For: update');
    expect(properties.id?.description).toBe('Required for: update');
    expect(properties.role?.description).toBe('For: create');
    expect(properties.limit).toEqual({ type: 'integer', description: 'For: list' });
  });

  it('keeps fields in first-declaration order', () => {
    expect(Object.keys(properties)).toEqual(['action', 'tenant', 'email', 'role', 'id', 'limit']);
  });

  it('turns conflicting declarations into anyOf of the variants', () => {
    const conflicting = mergeActionSchemas([
      action('get', { id: { type: 'string', description: 'Order id' } }, ['id']),
      action('bulk', { id: { type: 'array', items: str } }, ['id']),
      action('peek', { id: { description: 'other words', type: 'string' } }),
    ]);
    const id = (conflicting.properties as Record<string, unknown>).id;
    expect(id).toEqual({
      anyOf: [{ type: 'string' }, { type: 'array', items: str }],
      description: 'Order id. Required for: get, bulk. For: peek',
    });
  });

  it('leaves a module field named action to the discriminator', () => {
    const merged = mergeActionSchemas([action('a', { action: str }), action('b', {})]);
    expect((merged.properties as Record<string, unknown>).action).toMatchObject({
      enum: ['a', 'b'],
    });
  });
});
