import { ACLRuleError } from '@apcore-mcp/core';
import { loadContractFixture } from '@apcore-mcp/test-support/contract';
import { describe, expect, it } from 'vitest';
import { ACL } from './acl.js';

// The apcore contract's `mcp.acl` loading (acl_config.json), case by case through ACL.fromConfig
// (the loader: null for no ACL) and ACL.fromObject (an ACL asked for).
const fixture = loadContractFixture('acl_config');

/** The message of the error `load` throws, failing the case when it throws none. */
function refusal(caseId: string, load: () => unknown): string {
  try {
    load();
  } catch (error) {
    expect(ACLRuleError.isInstance(error), `${caseId}: an ACLRuleError`).toBe(true);
    return (error as Error).message;
  }
  return expect.unreachable(`${caseId}: the configuration was accepted`);
}

describe('acl_config.json: accepted configurations', () => {
  for (const testCase of fixture.test_cases) {
    it(testCase.id, () => {
      const acl = ACL.fromConfig(testCase.input);
      if (testCase.expected_acl === null) {
        expect(acl, `${testCase.id}: no ACL`).toBeNull();
        return;
      }
      expect(acl, `${testCase.id}: an ACL`).not.toBeNull();
      expect(acl?.rules, `${testCase.id}: rule count`).toHaveLength(
        testCase.expected_acl.rule_count,
      );
      expect(acl?.defaultEffect, `${testCase.id}: default effect`).toBe(
        testCase.expected_acl.default_effect,
      );
      expect(ACL.fromObject(testCase.input).rules).toEqual(acl?.rules);
    });
  }
});

describe('acl_config.json: refused configurations', () => {
  for (const testCase of fixture.error_cases) {
    it(testCase.id, () => {
      for (const load of [
        () => ACL.fromConfig(testCase.input),
        () => ACL.fromObject(testCase.input),
      ]) {
        const message = refusal(testCase.id, load);
        const fragments = [
          ...(testCase.expected_error_substring === undefined
            ? []
            : [testCase.expected_error_substring]),
          ...(testCase.expected_error_substrings ?? []),
        ];
        for (const fragment of fragments) {
          expect(message, `${testCase.id}: names "${fragment}"`).toContain(fragment);
        }
        if (testCase.expected_error_names_field !== undefined) {
          expect(message, `${testCase.id}: names its field`).toContain(
            testCase.expected_error_names_field,
          );
        }
        if (testCase.must_not_contain !== undefined) {
          expect(message, `${testCase.id}: reports the first axis`).not.toContain(
            testCase.must_not_contain,
          );
        }
      }
    });
  }
});
