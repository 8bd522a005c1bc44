import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS, runConformance, SYS_MODULES_TARGET } from '../../src/run-conformance.js';
import { failureReport, type SuiteRun } from '../../src/run-suite.js';

// The suite runs ~70 scenarios with their own timeouts; the server it tests is started once.
const SUITE_TIMEOUT_MS = 15 * 60_000;

// The CLI with its system.* management surface on: the control tools, the apcore:// resources
// and templates and the management extension sit beside the scenarios' own and break none.
describe('the official MCP conformance suite against the CLI with --sys-modules', () => {
  let resultsDir: string;
  let runs: SuiteRun[];

  beforeAll(async () => {
    resultsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-conformance-sys-'));
    ({ runs } = await runConformance({
      port: await findFreePort(),
      resultsDir,
      scenarios: [],
      target: SYS_MODULES_TARGET,
    }));
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await rm(resultsDir, { recursive: true, force: true });
  });

  it.each(REVISIONS)(
    'fails no required scenario of %s beyond its expected failures',
    (revision) => {
      const run = runs.find((candidate) => candidate.requirements === revision) as SuiteRun;
      expect(run.scored.length).toBeGreaterThan(0);
      // 0: every failure is in expected-failures-<revision>.yaml, and none listed passes.
      expect(run.exitCode, failureReport(run)).toBe(0);
    },
  );
});
