import { describe, expect, test } from 'vitest';
import {
  emptySchemaInput,
  emptySchemaOutput,
  nestedSchemaInput,
  nestedSchemaOutput,
  simpleSchemaInput,
  simpleSchemaOutput,
} from './__fixtures__/seed-examples.js';
import { SchemaConverter } from './schema-converter.js';

const converter = new SchemaConverter();

describe('the technical design §8.3 examples', () => {
  test.each([
    ['Example 1: simple schema (no $ref)', simpleSchemaInput, simpleSchemaOutput],
    ['Example 2: nested schema with $defs/$ref', nestedSchemaInput, nestedSchemaOutput],
    ['Example 3: empty input_schema', emptySchemaInput, emptySchemaOutput],
  ])('%s', (_name, inputSchema, expected) => {
    const before = structuredClone(inputSchema);
    const converted = converter.convertInputSchema({ moduleId: 'example', inputSchema });
    expect(converted).toStrictEqual(expected);
    // Same keys in the same order: the MCP client sees exactly the documented schema.
    expect(JSON.stringify(converted)).toBe(JSON.stringify(expected));
    expect(inputSchema).toStrictEqual(before);
  });
});
