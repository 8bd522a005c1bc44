import { InvalidInputError } from '@apcore-mcp/core';
import { loadContractFixture } from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { buildMiddlewares } from './build-middlewares.js';

// The apcore contract's `mcp.middleware` loading (middleware_config.json), case by case.
const fixture = loadContractFixture('middleware_config');

describe('middleware_config.json: accepted configurations', () => {
  for (const testCase of fixture.test_cases) {
    it(testCase.id, () => {
      const built = buildMiddlewares(testCase.input_entries);
      expect(built.map((middleware) => middleware.name)).toEqual(
        testCase.expected_middleware_names,
      );
    });
  }
});

describe('middleware_config.json: refused configurations', () => {
  for (const testCase of fixture.error_cases) {
    it(testCase.id, () => {
      let caught: unknown;
      try {
        buildMiddlewares(testCase.input_entries);
      } catch (error) {
        caught = error;
      }
      expect(InvalidInputError.isInstance(caught), `${testCase.id}: a config error`).toBe(true);
      expect((caught as Error).message).toContain(testCase.expected_error_substring);
      expect((caught as Error).message).toContain('mcp.middleware[0]');
    });
  }
});
