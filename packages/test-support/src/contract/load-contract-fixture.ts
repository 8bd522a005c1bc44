import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractFixtures } from './contract-fixture-types.js';

/**
 * The environment variable every apcore-mcp bridge honours: a fixtures directory to read
 * instead of the bundled copy (the spec repository's `conformance/README.md`).
 */
export const CONTRACT_FIXTURES_VARIABLE = 'APCORE_CONFORMANCE_FIXTURES';

/** The copy kept in this repository (see `contract-fixtures/README.md`). */
const BUNDLED_DIRECTORY = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../contract-fixtures',
);

/**
 * The directory fixtures are read from: `APCORE_CONFORMANCE_FIXTURES` when set, else the copy in
 * this repository.
 *
 * @example
 * ```ts
 * contractFixturesDirectory(); // '/repo/packages/test-support/contract-fixtures'
 * ```
 */
export function contractFixturesDirectory(): string {
  const override = process.env[CONTRACT_FIXTURES_VARIABLE];
  return override !== undefined && override !== '' ? resolve(override) : BUNDLED_DIRECTORY;
}

/**
 * One fixture of the apcore contract, parsed and typed by its name. A missing file fails (a
 * directory set by `APCORE_CONFORMANCE_FIXTURES` must hold every fixture a test loads).
 *
 * @throws {Error} naming the file when it is missing or not JSON.
 * @example
 * ```ts
 * const { test_cases } = loadContractFixture('tool_mapping');
 * for (const testCase of test_cases) it(testCase.id, () => { ... });
 * ```
 */
export function loadContractFixture<Name extends keyof ContractFixtures>(
  name: Name,
): ContractFixtures[Name] {
  const file = join(contractFixturesDirectory(), `${name}.json`);
  if (!existsSync(file)) {
    throw new Error(`Contract fixture ${name}.json not found in ${dirname(file)}`);
  }
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ContractFixtures[Name];
  } catch (error) {
    throw new Error(`Contract fixture ${file} is not JSON: ${(error as Error).message}`);
  }
}
