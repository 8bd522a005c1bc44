// Prints one closing line over every workspace's vitest JSON reports (the unit suite's
// `test-results.json` and the end-to-end suite's `test-results-e2e.json`), so a run of the whole
// suite ends with a single, greppable verdict: "tests: N passed, N failed, N skipped". A run's
// log is often read from its tail only, so each failure is named there too, with its first lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPORT_FILES = ['test-results.json', 'test-results-e2e.json'];
const roots = ['packages', 'examples'];
const workspaces = roots
  .filter((root) => existsSync(root))
  .flatMap((root) => readdirSync(root).map((name) => join(root, name)))
  .concat('bench');
const reportPaths = workspaces
  .flatMap((workspace) => REPORT_FILES.map((file) => join(workspace, file)))
  .filter((path) => existsSync(path));

let passed = 0;
let failed = 0;
let skipped = 0;
const failingSuites = [];
const failures = [];
/** The first lines of a failure message, without the terminal's colours. */
const firstLines = (message) =>
  String(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .map((line) => `    ${line.trim()}`)
    .join('\n');
for (const path of reportPaths) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if ((report.numFailedTests ?? 0) > 0 || report.success === false) failingSuites.push(path);
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${file.name} > ${test.fullName}\n${firstLines(test.failureMessages ?? [])}`);
    }
    if (file.status === 'failed' && failedTests.length === 0 && file.message) {
      failures.push(`${file.name}\n${firstLines(file.message)}`);
    }
  }
}

console.log(`\n${reportPaths.length} test reports`);
for (const path of failingSuites) console.log(`failing: ${path}`);
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failingSuites.length > 0 ? 1 : 0);
