// `pnpm bench` (full) and `pnpm bench:smoke`: runs the figures, prints the table, writes the
// results file; exits 1 only when something crashed or errored, never because of a timing.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR } from './process/children.js';
import { FULL_PROFILE, SMOKE_PROFILE } from './profiles.js';
import { findProblems } from './report/bench-report.js';
import { describeMachineLine, formatTable } from './report/format-table.js';
import { runBench } from './run-bench.js';

// Interrupted: exit through 'exit', where every child process still running is killed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

// `pnpm ... bench -- --smoke` hands the separator over too.
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();
const { values } = parseArgs({
  args,
  options: {
    smoke: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    out: { type: 'string' },
  },
});
const profile = values.smoke ? SMOKE_PROFILE : FULL_PROFILE;
const out = values.out ?? join(BENCH_DIR, values.smoke ? 'results.smoke.json' : 'results.json');

console.log(`apcore-mcp bench (${profile.name})`);
const report = await runBench(profile, {
  only: values.only ?? [],
  onGroup: (name) => console.log(`- ${name}`),
});
console.log('');
console.log(formatTable(report.figures));
console.log('');
console.log(`Machine: ${describeMachineLine(report.machine)}`);
console.log(`Took ${(report.durationMs / 1000).toFixed(1)} s; results written to ${out}`);
await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);

const problems = findProblems(report);
for (const problem of problems) console.error(`error: ${problem}`);
process.exitCode = problems.length > 0 ? 1 : 0;
