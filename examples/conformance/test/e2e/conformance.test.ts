import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS, runConformance } from '../../src/run-conformance.js';
import {
  type ExtensionRun,
  listExtensionScenarios,
  SKILLS_SCENARIOS,
  SUITE_PENDING,
} from '../../src/run-extension-scenarios.js';
import { failureReport, type SuiteRun } from '../../src/run-suite.js';

// The suite runs ~80 scenarios with their own timeouts; the server it tests is started once.
const SUITE_TIMEOUT_MS = 15 * 60_000;

/** Every scenario of the tasks extension the installed suite lists. */
const TASKS_SCENARIOS = await listExtensionScenarios('tasks-');
const TASKS_RUN = TASKS_SCENARIOS.filter((scenario) => SUITE_PENDING[scenario] === undefined);
const TASKS_PENDING = TASKS_SCENARIOS.filter((scenario) => SUITE_PENDING[scenario] !== undefined);

describe('the official MCP conformance suite against the apcore-mcp CLI', () => {
  let resultsDir: string;
  let runs: SuiteRun[];
  let extensions: ExtensionRun[];
  const runOf = (scenario: string) =>
    extensions.find((candidate) => candidate.scenario === scenario) as ExtensionRun;

  beforeAll(async () => {
    resultsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-conformance-'));
    const scenarios = [...SKILLS_SCENARIOS, ...TASKS_SCENARIOS];
    ({ runs, extensions } = await runConformance({
      port: await findFreePort(),
      resultsDir,
      scenarios,
    }));
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
      expect(run.exitCode, failureReport(run)).toBe(0);
    },
  );

  it('lists the tasks extension scenarios, tasks-mrtr-composition among them', () => {
    expect(TASKS_SCENARIOS).toContain('tasks-mrtr-composition');
    expect(TASKS_SCENARIOS.length).toBeGreaterThanOrEqual(10);
  });

  it.each([...SKILLS_SCENARIOS, ...TASKS_RUN])(
    'passes every check of %s, none skipped',
    (scenario) => {
      const run = runOf(scenario);
      expect(run.checks.length, run.output.slice(-4000)).toBeGreaterThan(0);
      expect(
        run.checks.filter((check) => check.status !== 'SUCCESS'),
        run.output.slice(-4000),
      ).toEqual([]);
      expect(run.exitCode).toBe(0);
    },
  );

  // The suite lists these but does not run them yet: once it does, they must pass like the rest
  // (and leave SUITE_PENDING).
  it.each(TASKS_PENDING)(
    '%s is still skipped by the suite itself, and fails nothing',
    (scenario) => {
      const run = runOf(scenario);
      const own = run.checks.filter((check) => check.id !== 'wire-schema-valid');
      expect(own.length, run.output.slice(-4000)).toBeGreaterThan(0);
      expect(
        own.filter((check) => check.status !== 'SKIPPED'),
        run.output.slice(-4000),
      ).toEqual([]);
      expect(run.exitCode).toBe(0);
    },
  );
});
