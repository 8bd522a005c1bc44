import { defineModule, ModuleError } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, firstText } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type ListedTool,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { type FixtureModule, loadContractFixture } from '@apcore-mcp/test-support/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';

// The apcore contract's fixtures that run through a served tool, driven through real clients of
// both revisions: tool_mapping.json (tools/list, under toolNames: 'module-id', the option that
// selects the contract's names) and output_redaction.json (tools/call), plus the schema hints,
// display overlay and guided errors the contract's feature docs describe.
const toolMapping = loadContractFixture('tool_mapping');
const outputRedaction = loadContractFixture('output_redaction');
const openaiMapping = loadContractFixture('openai_tool_mapping');

/**
 * Keys of the expected MCP input schema we decline on purpose (server README, "The apcore
 * contract"): the contract closes every input schema with `additionalProperties: false`; we
 * advertise the module's input schema as written.
 */
const DECLINED_SCHEMA_KEYS = ['additionalProperties'];

/** The F-041 module of the OpenAI fixture, whose mcp_ extras this bridge also puts on MCP. */
const extrasCase = openaiMapping.test_cases.find(
  (testCase) => testCase.id === 'mcp_prefix_reaches_the_description',
);

function register(registry: Registry, module: FixtureModule, output: unknown = {}): void {
  registry.register(
    module.module_id,
    defineModule({
      description: module.description || `The ${module.module_id} module`,
      inputSchema: structuredClone(module.input_schema ?? {}),
      ...(module.output_schema === undefined
        ? {}
        : { outputSchema: structuredClone(module.output_schema) }),
      ...(module.annotations === undefined
        ? {}
        : { annotations: structuredClone(module.annotations) }),
      execute: () => structuredClone(output) as Record<string, unknown>,
    }),
  );
}

function createRegistry(): Registry {
  const registry = new Registry();
  for (const testCase of toolMapping.test_cases) register(registry, testCase.input_module);
  for (const testCase of outputRedaction.test_cases) {
    register(
      registry,
      {
        module_id: `redaction.${testCase.id}`,
        input_schema: {},
        output_schema: testCase.output_schema,
      },
      testCase.output,
    );
  }
  if (extrasCase !== undefined) register(registry, extrasCase.input_module);
  registry.register(
    'media.resize_photo',
    defineModule({
      description: 'Resizes a photo.',
      inputSchema: { type: 'object', properties: { width: { type: 'integer' } } },
      metadata: {
        display: {
          mcp: {
            alias: 'shrink',
            description: 'Make a photo smaller.',
            guidance: 'Keep the ratio.',
          },
        },
      },
      execute: (inputs) => ({ width: inputs.width }),
    }),
  );
  registry.register(
    'billing.charge',
    defineModule({
      description: 'Charges a card.',
      inputSchema: { type: 'object' },
      execute: () => {
        throw new ModuleError({
          code: 'PAYMENT_DECLINED',
          message: 'The card was declined',
          retryable: false,
          userFixable: true,
          aiGuidance: 'Ask the user for another card.',
          suggestion: 'Offer another payment method.',
        });
      },
    }),
  );
  return registry;
}

let server: ServerHandle;

beforeAll(async () => {
  server = await startServer(createRegistry(), {
    transport: 'streamable-http',
    port: 0,
    toolNames: 'module-id',
    logger: createRecordingLogger(),
  });
});

afterAll(async () => {
  await server?.close();
});

describe.each<ClientEra>(['2025-11-25', '2026-07-28'])('the apcore contract, %s client', (era) => {
  let client: McpClientHandle;
  let tools: ListedTool[];

  beforeAll(async () => {
    client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
    tools = await client.listTools();
  });

  afterAll(async () => {
    await client?.close();
  });

  const toolNamed = (name: string): ListedTool => {
    const tool = tools.find((listed) => listed.name === name);
    expect(tool, `tools/list has ${name}`).toBeDefined();
    return tool as ListedTool;
  };

  describe('tool_mapping.json', () => {
    for (const testCase of toolMapping.test_cases) {
      it(testCase.id, () => {
        const expected = testCase.expected_mcp_tool;
        const tool = toolNamed(expected.name);
        expect(tool.description, `${testCase.id}: description`).toBe(expected.description);
        const expectedSchema: Record<string, unknown> = { ...expected.inputSchema };
        for (const key of DECLINED_SCHEMA_KEYS) {
          // Declined: a change here must be a decision, so the test notices one.
          expect(tool.inputSchema, `${testCase.id}: ${key} declined`).not.toHaveProperty(key);
          delete expectedSchema[key];
        }
        expect(tool.inputSchema, `${testCase.id}: inputSchema`).toEqual(expectedSchema);
        for (const [hint, value] of Object.entries(expected.annotations)) {
          expect(tool.annotations?.[hint], `${testCase.id}: ${hint}`).toBe(value);
        }
      });
    }

    it('f041_mcp_description_passthrough (a known gap of the contract, closed here)', () => {
      expect(extrasCase).toBeDefined();
      const tool = toolNamed(extrasCase?.input_module.module_id ?? '');
      for (const fragment of extrasCase?.expected_description_contains ?? []) {
        expect(tool.description).toContain(fragment);
      }
      for (const fragment of extrasCase?.expected_description_not_contains ?? []) {
        expect(tool.description).not.toContain(fragment);
      }
    });
  });

  describe('output_redaction.json', () => {
    for (const testCase of outputRedaction.test_cases) {
      it(testCase.id, async () => {
        const result = await client.callTool(`redaction.${testCase.id}`);
        expect(result.isError, `${testCase.id}: not an error`).toBe(false);
        expect(JSON.parse(firstText(result)), `${testCase.id}: redacted output`).toEqual(
          testCase.expected_redacted_output,
        );
      });
    }
  });

  it('names, describes and calls a tool through its display overlay', async () => {
    const tool = toolNamed('shrink');
    expect(tool.description).toBe('Make a photo smaller.\n\nGuidance: Keep the ratio.');
    expect(tool._meta?.['apcore/moduleId']).toBe('media.resize_photo');
    expect(tools.some((listed) => listed.name === 'media.resize_photo')).toBe(false);
    const result = await client.callTool('shrink', { width: 3 });
    expect(JSON.parse(firstText(result))).toEqual({ width: 3 });
  });

  it("answers a module's guided error with its guidance, in _meta and for the model", async () => {
    const result = await client.callTool('billing.charge');
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('Module error: PAYMENT_DECLINED');
    const guidance = {
      retryable: false,
      aiGuidance: 'Ask the user for another card.',
      userFixable: true,
      suggestion: 'Offer another payment method.',
    };
    expect(result.content.map((block) => (block as { text?: string }).text)).toEqual([
      'Module error: PAYMENT_DECLINED',
      JSON.stringify(guidance),
    ]);
    expect(result._meta).toMatchObject({
      'apcore/errorCode': 'PAYMENT_DECLINED',
      'apcore/retryable': false,
      'apcore/aiGuidance': 'Ask the user for another card.',
      'apcore/userFixable': true,
      'apcore/suggestion': 'Offer another payment method.',
    });
  });
});
