import { describe, expect, it } from 'vitest';
import { describeModule } from '../__fixtures__/foreign-runtime.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { describeSchemaProblems, describeToolProblems } from './tool-checks.js';

describe('describeSchemaProblems', () => {
  it('passes valid schemas, unknown keywords included', () => {
    const descriptor = describeModule('a', {
      inputSchema: { type: 'object', properties: { a: { type: 'string', 'x-sensitive': true } } },
      outputSchema: { type: 'object', properties: { b: { type: ['integer', 'null'] } } },
    });
    expect(describeSchemaProblems(descriptor)).toBeUndefined();
    expect(describeSchemaProblems(describeModule('empty'))).toBeUndefined();
  });

  it('names each bad keyword by its pointer in the input schema, with what would be valid', () => {
    const descriptor = describeModule('bad', {
      inputSchema: {
        type: 'object',
        properties: { x: { type: 'nmber', minimum: 'five' } },
        required: 'x',
      },
    });
    expect(describeSchemaProblems(descriptor)).toBe(
      'its input schema is not valid JSON Schema: ' +
        '/properties/x/type: must be equal to one of the allowed values: array, boolean, integer, null, number, object, string, or must be array (got "nmber"); ' +
        '/properties/x/minimum: must be number (got "five"); ' +
        '/required: must be array (got "x")',
    );
  });

  it('checks the output schema too, and names the schema root as (root)', () => {
    const descriptor = describeModule('bad', { outputSchema: { type: 'object', $id: 5 } });
    expect(describeSchemaProblems(descriptor)).toBe(
      'its output schema is not valid JSON Schema: /$id: must be string (got 5)',
    );
  });

  it('names the first five problems and counts the rest', () => {
    const properties = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => [name, { minLength: 'long' }]),
    );
    const reason = describeSchemaProblems(describeModule('bad', { inputSchema: { properties } }));
    expect(reason).toMatch(
      /\/properties\/e\/minLength: must be integer \(got "long"\); and 2 more$/,
    );
  });
});

describe('describeToolProblems', () => {
  const tool = (inputSchema: Record<string, unknown>): McpTool =>
    ({ name: 'a', inputSchema: { type: 'object', ...inputSchema } }) as McpTool;

  it('passes a tool that both revisions accept, judging it as JSON travels', () => {
    expect(describeToolProblems(tool({ properties: { a: { type: 'string' } } }))).toBeUndefined();
    // `undefined` values never reach a client.
    const sparse = tool({ properties: { a: { type: 'string', description: undefined } } });
    expect(describeToolProblems(sparse)).toBeUndefined();
  });

  it("refuses what the SDK's Tool schema refuses, by pointer", () => {
    expect(describeToolProblems(tool({ required: [1] }))).toBe(
      'its tool breaks the MCP Tool schema: /inputSchema/required/0: Invalid input: expected string, received number',
    );
  });

  it('refuses a property schema that is not an object, which 2025-11-25 clients reject', () => {
    const outputSchema = {
      type: 'object',
      properties: { b: false },
    } as unknown as McpTool['outputSchema'];
    expect(describeToolProblems({ ...tool({ properties: { a: true } }), outputSchema })).toBe(
      'its tool breaks the MCP Tool schema: /inputSchema/properties/a: must be an object schema (got true); ' +
        '/outputSchema/properties/b: must be an object schema (got false)',
    );
  });
});
