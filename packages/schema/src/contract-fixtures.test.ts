import { loadContractFixture } from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { SchemaConverter } from './schema-converter.js';

// The apcore contract's schema_converter.json ($ref sibling keys), through convertInputSchema.
const fixture = loadContractFixture('schema_converter');
const converter = new SchemaConverter();

describe('schema_converter.json', () => {
  for (const testCase of fixture.test_cases) {
    it(testCase.id, () => {
      const converted = converter.convertInputSchema({
        moduleId: 'contract.case',
        inputSchema: structuredClone(testCase.input_schema),
      });
      expect(converted, testCase.id).toEqual(testCase.expected_inlined_schema);
    });
  }

  for (const testCase of fixture.error_cases) {
    it(testCase.id, () => {
      expect(
        () =>
          converter.convertInputSchema({
            moduleId: 'contract.case',
            inputSchema: structuredClone(testCase.input_schema),
          }),
        testCase.id,
      ).toThrow(testCase.expected_error_substring);
    });
  }
});
