// `pnpm --filter @apcore-mcp/example-conformance conformance`: serves ./extensions with the CLI
// and runs the conformance suite for both protocol revisions; exits 1 when a scenario fails that
// its revision's expected-failures file does not list.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@apcore-mcp/test-support';
import { runConformance } from './run-conformance.js';

const resultsDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-conformance-'));
try {
  const runs = await runConformance({ port: await findFreePort(), resultsDir });
  for (const run of runs) {
    const passed = run.scored.filter((outcome) => outcome.passed).length;
    console.log(`${run.requirements}: ${passed} of ${run.scored.length} required scenarios pass`);
    for (const outcome of run.scored.filter((scored) => !scored.passed)) {
      console.log(`  fails: ${outcome.name}`);
    }
  }
  process.exitCode = runs.every((run) => run.exitCode === 0) ? 0 : 1;
} finally {
  await rm(resultsDir, { recursive: true, force: true });
}
