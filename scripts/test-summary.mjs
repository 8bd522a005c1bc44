// Prints one closing line over every workspace's vitest JSON reports (the unit suite's
// `test-results.json` and the end-to-end suite's `test-results-e2e.json`), so a run of the whole
// suite ends with a single, greppable verdict: "tests: N passed, N failed, N skipped".
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
for (const path of reportPaths) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if ((report.numFailedTests ?? 0) > 0 || report.success === false) failingSuites.push(path);
}

console.log(`\n${reportPaths.length} test reports`);
for (const path of failingSuites) console.log(`failing: ${path}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failingSuites.length > 0 ? 1 : 0);
