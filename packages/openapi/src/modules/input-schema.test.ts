import { describe, expect, it } from 'vitest';
import { buildInputPlan } from './input-schema.js';

describe('buildInputPlan', () => {
  it('merges parameters and the body, renaming a taken name by its location', () => {
    const plan = buildInputPlan(
      '/items/{id}',
      {},
      {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'id', in: 'query', description: 'Version id', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
            },
          },
        },
      },
      '3.0',
    );
    expect(plan.schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        query_id: { type: 'string', description: 'Version id' },
        body_id: { type: 'string' },
      },
      required: ['id', 'body_id'],
      additionalProperties: false,
    });
    expect(plan.bindings.map((binding) => [binding.property, binding.location])).toEqual([
      ['id', 'path'],
      ['query_id', 'query'],
      ['body_id', 'body-property'],
    ]);
  });

  it('keeps a body that is not a plain object whole, as `body`', () => {
    const plan = buildInputPlan(
      '/tags',
      {},
      {
        requestBody: {
          description: 'The tags',
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
      },
      '3.1',
    );
    expect(plan.schema.properties).toEqual({
      body: { type: 'array', items: { type: 'string' }, description: 'The tags' },
    });
    expect(plan.schema.required).toBeUndefined();
  });
});
