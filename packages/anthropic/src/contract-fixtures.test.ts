import {
  type FixtureModule,
  fixtureDescriptor,
  loadContractFixture,
} from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { toAnthropicTool } from './to-anthropic-tool.js';

// The apcore contract's tool mapping for model APIs (openai_tool_mapping.json): the names,
// the x-llm-description promotion and x-* removal of strict schemas, and the annotations in
// descriptions are the same for every provider, so Anthropic's tools answer the same cases.

function asDescriptor(module: FixtureModule): Parameters<typeof toAnthropicTool>[0] {
  return fixtureDescriptor(module) as Parameters<typeof toAnthropicTool>[0];
}

describe('openai_tool_mapping.json, as Anthropic tools', () => {
  for (const testCase of loadContractFixture('openai_tool_mapping').test_cases) {
    it(testCase.id, () => {
      const tool = toAnthropicTool(asDescriptor(testCase.input_module), {
        strict: testCase.options.strict,
        embedAnnotations: testCase.options.embed_annotations === true,
      });
      const id = testCase.id;
      expect(tool.name, `${id}: tool name`).toBe(testCase.expected_function_name);
      const properties = (tool.input_schema.properties ?? {}) as Record<
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
        expect(tool.description, `${id}: description has "${fragment}"`).toContain(fragment);
      }
      for (const fragment of testCase.expected_description_not_contains ?? []) {
        expect(tool.description, `${id}: description lacks "${fragment}"`).not.toContain(fragment);
      }
    });
  }
});
