import { describe, expect, it } from 'vitest';
import { buildOutputSchema } from './output-schema.js';

const answering = (schema: unknown) => ({
  responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
});

const newPet = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const withId = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };

describe('buildOutputSchema', () => {
  it("describes an allOf of objects (the Petstore's Pet) as an object", () => {
    expect(buildOutputSchema(answering({ allOf: [newPet, withId] }), '3.0')).toEqual({
      type: 'object',
      allOf: [newPet, withId],
    });
  });

  it('describes an array of allOf items as { items }', () => {
    const items = { type: 'array', items: { allOf: [newPet, withId] } };
    expect(buildOutputSchema(answering(items), '3.0')).toEqual({
      type: 'object',
      properties: { items },
      required: ['items'],
    });
  });

  it('describes oneOf alternatives that are all objects as an object', () => {
    expect(buildOutputSchema(answering({ oneOf: [newPet, withId] }), '3.1')).toMatchObject({
      type: 'object',
      oneOf: [newPet, withId],
    });
  });

  it('has no output schema when the alternatives are of different kinds', () => {
    expect(
      buildOutputSchema(answering({ oneOf: [newPet, { type: 'string' }] }), '3.1'),
    ).toBeUndefined();
  });

  it('has no output schema when no 2xx answer is JSON', () => {
    expect(buildOutputSchema({ responses: { '204': { description: 'none' } } }, '3.1')).toBe(
      undefined,
    );
  });
});
