import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTRACT_FIXTURES_VARIABLE,
  contractFixturesDirectory,
  loadContractFixture,
} from './load-contract-fixture.js';

describe('loadContractFixture', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads the bundled copy, typed by name', () => {
    const fixture = loadContractFixture('acl_config');
    expect(fixture.contract_version).toBe('1.2');
    expect(fixture.test_cases.map((testCase) => testCase.id)).toContain('null_returns_no_acl');
    expect(fixture.error_cases.length).toBeGreaterThan(0);
  });

  it('bundles every fixture the spec repository lists', () => {
    for (const name of [
      'tool_mapping',
      'openai_tool_mapping',
      'output_redaction',
      'acl_config',
      'schema_converter',
      'middleware_config',
      'system_surface',
      'openapi_backend',
    ] as const) {
      expect(loadContractFixture(name), name).toHaveProperty('description');
    }
  });

  it(`reads from ${CONTRACT_FIXTURES_VARIABLE} when it is set, and fails on a missing file`, () => {
    const directory = mkdtempSync(join(tmpdir(), 'contract-fixtures-'));
    try {
      writeFileSync(
        join(directory, 'tool_mapping.json'),
        JSON.stringify({ description: 'other copy', test_cases: [] }),
      );
      vi.stubEnv(CONTRACT_FIXTURES_VARIABLE, directory);
      expect(contractFixturesDirectory()).toBe(directory);
      expect(loadContractFixture('tool_mapping').description).toBe('other copy');
      expect(() => loadContractFixture('acl_config')).toThrow(/acl_config\.json not found/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
