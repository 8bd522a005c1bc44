// `pnpm --filter @apcore-mcp/example-conformance conformance`: serves ./extensions
// and ./skills with the CLI and runs the conformance suite for both protocol revisions and the
// skills and tasks extensions' scenarios; exits 1 when a scenario fails that its revision's
// expected-failures file does not list, or an extension scenario's check is not SUCCESS (but
// for the scenarios the suite itself still skips). With `--attached`, the same against an
// application's own McpServer with the same directories attached (src/attached-host.ts): both
// revisions and the skills scenarios (an attached server serves no tasks).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { ATTACHED_TARGET, runConformance } from './run-conformance.js';
import { type ExtensionRun, SKILLS_SCENARIOS, SUITE_PENDING } from './run-extension-scenarios.js';

/** Every check SUCCESS; for a scenario the suite still skips, its own checks SKIPPED. */
function passes(run: ExtensionRun): boolean {
  const own = SUITE_PENDING[run.scenario] === undefined ? 'SUCCESS' : 'SKIPPED';
  return (
    run.checks.length > 0 &&
    run.checks.every(
      (check) => check.status === (check.id === 'wire-schema-valid' ? 'SUCCESS' : own),
    )
  );
}

const resultsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-conformance-'));
try {
  const attached = process.argv.includes('--attached');
  const { runs, extensions } = await runConformance({
    port: await findFreePort(),
    resultsDir,
    ...(attached ? { target: ATTACHED_TARGET, scenarios: SKILLS_SCENARIOS } : {}),
  });
  for (const run of runs) {
    const passed = run.scored.filter((outcome) => outcome.passed).length;
    console.log(`${run.requirements}: ${passed} of ${run.scored.length} required scenarios pass`);
    for (const outcome of run.scored.filter((scored) => !scored.passed)) {
      console.log(`  fails: ${outcome.name}`);
    }
  }
  for (const run of extensions) {
    const passed = run.checks.filter((check) => check.status === 'SUCCESS').length;
    const pending = SUITE_PENDING[run.scenario];
    const note = pending === undefined ? '' : ` (skipped by the suite: ${pending})`;
    console.log(`${run.scenario}: ${passed} of ${run.checks.length} checks pass${note}`);
  }
  const extensionsPass = extensions.every((run) => run.exitCode === 0 && passes(run));
  process.exitCode = runs.every((run) => run.exitCode === 0) && extensionsPass ? 0 : 1;
} finally {
  await rm(resultsDir, { recursive: true, force: true });
}
