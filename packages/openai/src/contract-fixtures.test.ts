import {
  type FixtureModule,
  fixtureDescriptor,
  loadContractFixture,
} from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { chatCall, createExecutor } from './__fixtures__/dispatch-executor.js';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import { toOpenaiTool } from './to-openai-tool.js';

// The apcore contract's openai_tool_mapping.json, case by case through toOpenaiTool.

/** A fixture's module as the converter takes it (its annotations are read as they come). */
function asDescriptor(module: FixtureModule): Parameters<typeof toOpenaiTool>[0] {
  return fixtureDescriptor(module) as Parameters<typeof toOpenaiTool>[0];
}
const fixture = loadContractFixture('openai_tool_mapping');

describe('openai_tool_mapping.json', () => {
  for (const testCase of fixture.test_cases) {
    it(testCase.id, () => {
      const { function: definition } = toOpenaiTool(asDescriptor(testCase.input_module), {
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

describe('AI guidance in dispatch answers', () => {
  it("answers a module's guided error with its message, then its guidance as JSON", async () => {
    const { executor } = createExecutor({
      'billing.charge': () => {
        throw Object.assign(new Error('The card was declined'), {
          code: 'PAYMENT_DECLINED',
          details: {},
          retryable: false,
          userFixable: true,
          aiGuidance: 'Ask the user for another card.',
        });
      },
    });
    const [answer] = await dispatchToolCalls(executor, [chatCall('1', 'billing-charge', '{}')]);
    const [message, guidance] = answer?.content.split('\n\n') ?? [];
    expect(message).toBe('Module error: PAYMENT_DECLINED');
    expect(JSON.parse(guidance ?? '')).toEqual({
      retryable: false,
      aiGuidance: 'Ask the user for another card.',
      userFixable: true,
    });
  });
});
