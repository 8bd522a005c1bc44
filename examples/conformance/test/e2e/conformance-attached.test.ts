import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHED_TARGET, REVISIONS, runConformance } from '../../src/run-conformance.js';
import { type ExtensionRun, SKILLS_SCENARIOS } from '../../src/run-extension-scenarios.js';
import { failureReport, type SuiteRun } from '../../src/run-suite.js';

// The suite runs ~70 scenarios with their own timeouts; the host it tests is started once.
const SUITE_TIMEOUT_MS = 15 * 60_000;

// An application's own McpServer with the same extensions and skills attached
// (src/attached-host.ts), served over Streamable HTTP by the SDK's own entries. Tasks are not
// served on an attached server, so the tasks extension's scenarios do not run here.
describe('the official MCP conformance suite against an attached server', () => {
  let resultsDir: string;
  let runs: SuiteRun[];
  let extensions: ExtensionRun[];

  beforeAll(async () => {
    resultsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-conformance-attached-'));
    ({ runs, extensions } = await runConformance({
      port: await findFreePort(),
      resultsDir,
      scenarios: SKILLS_SCENARIOS,
      target: ATTACHED_TARGET,
    }));
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await rm(resultsDir, { recursive: true, force: true });
  });

  it.each(REVISIONS)(
    'fails no required scenario of %s beyond the attached expected failures',
    (revision) => {
      const run = runs.find((candidate) => candidate.requirements === revision) as SuiteRun;
      const failing = run.scored
        .filter((outcome) => !outcome.passed)
        .map((outcome) => outcome.name);
      console.log(
        `${revision} attached: ${run.scored.length - failing.length} of ${run.scored.length} required scenarios pass`,
      );
      expect(run.scored.length).toBeGreaterThan(0);
      // 0: every failure is in expected-failures-attached-<revision>.yaml, and none listed passes.
      expect(run.exitCode, failureReport(run)).toBe(0);
    },
  );

  it('serves the scenarios’ tools, resources and prompts, not only the host’s own', () => {
    const passed = runs.flatMap((run) =>
      run.scored.filter((outcome) => outcome.passed).map((outcome) => outcome.name),
    );
    expect(passed).toEqual(
      expect.arrayContaining([
        'tools-call-simple-text',
        'resources-templates-read',
        'prompts-get-simple',
        'completion-complete',
      ]),
    );
  });

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
