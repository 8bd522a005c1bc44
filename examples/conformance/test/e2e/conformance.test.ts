import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS, runConformance } from '../../src/run-conformance.js';
import { type ExtensionRun, SKILLS_SCENARIOS } from '../../src/run-extension-scenarios.js';
import type { SuiteRun } from '../../src/run-suite.js';

// The suite runs ~80 scenarios with their own timeouts; the server it tests is started once.
const SUITE_TIMEOUT_MS = 15 * 60_000;

describe('the official MCP conformance suite against the apcore-mcp CLI', () => {
  let resultsDir: string;
  let runs: SuiteRun[];
  let extensions: ExtensionRun[];

  beforeAll(async () => {
    resultsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-conformance-'));
    ({ runs, extensions } = await runConformance({ port: await findFreePort(), resultsDir }));
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await rm(resultsDir, { recursive: true, force: true });
  });

  it.each(REVISIONS)(
    'fails no required scenario of %s beyond its expected failures',
    (revision) => {
      const run = runs.find((candidate) => candidate.requirements === revision) as SuiteRun;
      const failing = run.scored
        .filter((outcome) => !outcome.passed)
        .map((outcome) => outcome.name);
      console.log(
        `${revision}: ${run.scored.length - failing.length} of ${run.scored.length} required scenarios pass`,
      );
      // Every scenario the revision requires ran and was scored.
      expect(run.scored.length).toBeGreaterThan(0);
      expect(run.exitCode, run.output.slice(-4000)).toBe(0);
    },
  );

  it.each(SKILLS_SCENARIOS)('passes every check of %s, none skipped', (scenario) => {
    const run = extensions.find((candidate) => candidate.scenario === scenario) as ExtensionRun;
    expect(run.checks.length, run.output.slice(-4000)).toBeGreaterThan(0);
    expect(
      run.checks.filter((check) => check.status !== 'SUCCESS'),
      run.output.slice(-4000),
    ).toEqual([]);
    expect(run.exitCode).toBe(0);
  });
});
