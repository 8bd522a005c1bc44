import { toOpenaiTools } from '@apcore-mcp/openai';
import { Registry } from '@apcore-mcp/runtime';
import { inspectServer } from '@apcore-mcp/server';
import { loadContractFixture } from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { resolveSpecLocation } from './document/spec-location.js';
import { OpenapiError } from './openapi-error.js';
import { openapiModules } from './openapi-modules.js';
import { registerOpenapi } from './register-openapi.js';

// The apcore contract's OpenAPI backend (openapi_backend.json): document -> module ids, their
// names on both surfaces (MCP under toolNames 'module-id', OpenAI function names), annotations,
// the spec location's resolution and the fatal configurations.

interface ExpectedModule {
  module_id: string;
  mcp_tool_name?: string;
  openai_function_name?: string;
  warnings_contain?: string;
  mcp_annotations?: Record<string, boolean>;
  requires_approval?: boolean;
}

interface DocumentCase {
  id: string;
  document: Record<string, unknown>;
  options: { prefix?: string; additional_backend_source?: boolean };
  expected_modules: ExpectedModule[];
  expected_skipped: { derived_module_id: string; reason_substring: string }[];
}

interface ConfigCase {
  id: string;
  spec_value: string;
  spec_value_next_tier?: string;
  project_root: string;
  expected_resolved_spec: string;
  expected_warning_substring?: string;
}

interface ErrorCase {
  id: string;
  document: Record<string, unknown>;
  options: { prefix?: string; additional_backend_source?: boolean };
  preexisting_registry_module_ids?: string[];
  expected_error_substrings: string[];
  expected_registry_module_ids_after?: string[];
}

const fixture = loadContractFixture('openapi_backend') as unknown as {
  test_cases: DocumentCase[];
  config_cases: ConfigCase[];
  error_cases: ErrorCase[];
};

interface LogRecord {
  level: 'warn' | 'error';
  text: string;
}

/** A logger keeping warnings and errors as text (object and message together). */
function recordingLogger(records: LogRecord[]) {
  const keep = (level: LogRecord['level']) => (object: unknown, message?: string) =>
    records.push({ level, text: `${JSON.stringify(object)} ${message ?? ''}` });
  return { debug() {}, info() {}, warn: keep('warn'), error: keep('error') };
}

function placeholderModule() {
  return { description: 'already here', inputSchema: {}, execute: () => ({}) };
}

describe('openapi_backend.json: documents to modules', () => {
  for (const testCase of fixture.test_cases) {
    it(testCase.id, async () => {
      const records: LogRecord[] = [];
      const registry = new Registry();
      const result = await registerOpenapi(registry, testCase.document, {
        ...(testCase.options.prefix === undefined ? {} : { prefix: testCase.options.prefix }),
        logger: recordingLogger(records),
      });
      expect(registry.list().sort()).toEqual(
        testCase.expected_modules.map((m) => m.module_id).sort(),
      );
      const { tools } = await inspectServer(registry, { toolNames: 'module-id' });
      const openaiNames = new Map(
        toOpenaiTools(registry).map((tool) => [tool.function.name, tool]),
      );
      for (const expected of testCase.expected_modules) {
        const tool = tools.find((served) => served.moduleId === expected.module_id);
        expect(tool, expected.module_id).toBeDefined();
        if (expected.mcp_tool_name !== undefined)
          expect(tool?.tool.name).toBe(expected.mcp_tool_name);
        if (expected.openai_function_name !== undefined) {
          expect(
            openaiNames.has(expected.openai_function_name),
            expected.openai_function_name,
          ).toBe(true);
        }
        if (expected.mcp_annotations !== undefined) {
          expect(tool?.tool.annotations).toMatchObject(expected.mcp_annotations);
        }
        if (expected.requires_approval !== undefined) {
          expect(registry.getDefinition(expected.module_id)?.annotations?.requiresApproval).toBe(
            expected.requires_approval,
          );
        }
        if (expected.warnings_contain !== undefined) {
          expect(
            result.warnings.some(
              (warning) =>
                warning.includes(expected.module_id) &&
                warning.includes(expected.warnings_contain ?? ''),
            ),
          ).toBe(true);
        }
      }
      for (const skipped of testCase.expected_skipped) {
        const named = records.filter((record) => record.text.includes(skipped.derived_module_id));
        expect(
          named.some(
            (record) => record.level === 'warn' && record.text.includes(skipped.reason_substring),
          ),
        ).toBe(true);
        expect(named.filter((record) => record.level === 'error')).toEqual([]);
        expect(result.skipped.map((entry) => entry.moduleId)).toContain(skipped.derived_module_id);
      }
    });
  }
});

describe('openapi_backend.json: where the spec value points', () => {
  for (const configCase of fixture.config_cases) {
    it(configCase.id, () => {
      const records: LogRecord[] = [];
      const options = { projectRoot: configCase.project_root, logger: recordingLogger(records) };
      const tiers = [configCase.spec_value, configCase.spec_value_next_tier].filter(
        (value): value is string => value !== undefined,
      );
      const resolved = tiers.reduce<string | undefined>(
        (found, value) => found ?? resolveSpecLocation(value, options),
        undefined,
      );
      expect(resolved).toBe(configCase.expected_resolved_spec);
      if (configCase.expected_warning_substring !== undefined) {
        expect(
          records.some((record) =>
            record.text.includes(configCase.expected_warning_substring ?? ''),
          ),
        ).toBe(true);
      }
    });
  }
});

describe('openapi_backend.json: fatal configurations', () => {
  for (const errorCase of fixture.error_cases) {
    it(errorCase.id, async () => {
      const registry = new Registry();
      for (const moduleId of errorCase.preexisting_registry_module_ids ?? []) {
        registry.register(moduleId, placeholderModule());
      }
      const options = {
        ...(errorCase.options.prefix === undefined ? {} : { prefix: errorCase.options.prefix }),
        ...(errorCase.options.additional_backend_source === true ? { mixedSources: true } : {}),
      };
      const failure = await registerOpenapi(registry, errorCase.document, options).then(
        () => expect.unreachable(`${errorCase.id}: accepted`),
        (error: unknown) => error,
      );
      expect(OpenapiError.isInstance(failure), String(failure)).toBe(true);
      for (const fragment of errorCase.expected_error_substrings) {
        expect((failure as Error).message).toContain(fragment);
      }
      if (errorCase.expected_registry_module_ids_after !== undefined) {
        expect(registry.list().sort()).toEqual(
          [...errorCase.expected_registry_module_ids_after].sort(),
        );
      }
    });
  }

  it('refuses a mixed deployment without a prefix before reading the document', async () => {
    await expect(
      openapiModules('/nonexistent/openapi.json', { mixedSources: true }),
    ).rejects.toThrow(/prefix/);
  });
});
