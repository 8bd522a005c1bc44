import { describe, expect, it } from 'vitest';
import { toExportedTool } from './exported-tool.js';

describe('toExportedTool input examples', () => {
  const inputSchema = { type: 'object', properties: { sku: { type: 'string' } } };

  it("carries a copy of the object inputs of the module's examples", () => {
    const examples = [
      { title: 'A mug', inputs: { sku: 'MUG-001' }, output: {} },
      { title: 'Broken', inputs: 'not an object', output: {} },
    ];
    const tool = toExportedTool({
      moduleId: 'catalog.get',
      description: 'Get',
      inputSchema,
      examples: examples as never,
    });
    expect(tool.inputExamples).toEqual([{ sku: 'MUG-001' }]);
    expect(tool.inputExamples?.[0]).not.toBe(examples[0]?.inputs);
  });

  it('leaves the field out when the module has no usable example', () => {
    const tool = toExportedTool({ moduleId: 'catalog.get', description: 'Get', inputSchema });
    expect(tool).not.toHaveProperty('inputExamples');
  });
});
