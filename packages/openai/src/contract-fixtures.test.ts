import { fixtureDescriptor, loadContractFixture } from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { toOpenaiTool } from './to-openai-tool.js';

// The apcore contract's openai_tool_mapping.json, case by case through toOpenaiTool.
const fixture = loadContractFixture('openai_tool_mapping');

describe('openai_tool_mapping.json', () => {
  for (const testCase of fixture.test_cases) {
    it(testCase.id, () => {
      const { function: definition } = toOpenaiTool(fixtureDescriptor(testCase.input_module), {
        strict: testCase.options.strict,
        embedAnnotations: testCase.options.embed_annotations === true,
      });
      const id = testCase.id;
      expect(definition.name, `${id}: function name`).toBe(testCase.expected_function_name);
      const properties = (definition.parameters.properties ?? {}) as Record<
        string,
        Record<string, unknown>
      >;
      const expectedDescription = testCase.expected_property_description;
      if (expectedDescription !== undefined) {
        expect(properties[expectedDescription.property]?.description, `${id}: description`).toBe(
          expectedDescription.value,
        );
      }
      const checked = testCase.expected_property_of ?? expectedDescription?.property;
      for (const key of testCase.expected_absent_property_keys ?? []) {
        expect(properties[checked ?? '']).toBeDefined();
        expect(properties[checked ?? ''], `${id}: ${key} stripped`).not.toHaveProperty(key);
      }
      for (const fragment of testCase.expected_description_contains ?? []) {
        expect(definition.description, `${id}: description has "${fragment}"`).toContain(fragment);
      }
      for (const fragment of testCase.expected_description_not_contains ?? []) {
        expect(definition.description, `${id}: description lacks "${fragment}"`).not.toContain(
          fragment,
        );
      }
    });
  }
});

describe('x-llm-description outside strict mode', () => {
  it('leaves the schema as written (the promotion belongs to the strict conversion)', () => {
    const { function: definition } = toOpenaiTool({
      moduleId: 'auth.login',
      description: '',
      inputSchema: {
        type: 'object',
        properties: {
          token: { type: 'string', description: 'Short', 'x-llm-description': 'Long' },
        },
      },
    });
    expect(definition.parameters.properties).toEqual({
      token: { type: 'string', description: 'Short', 'x-llm-description': 'Long' },
    });
  });
});
