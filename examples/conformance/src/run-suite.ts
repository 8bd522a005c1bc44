import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedChecks } from './failed-checks.js';

/** The protocol revisions whose required scenarios the suite runs. */
export type Requirements = '2026-07-28' | '2025-11-25';

/** One scenario the suite scored, and whether it passed. */
export interface ScenarioOutcome {
  name: string;
  passed: boolean;
}

/** What one run of the suite said. */
export interface SuiteRun {
  requirements: Requirements;
  /** The scenarios the revision requires (the suite's extensions and pending ones left out). */
  scored: ScenarioOutcome[];
  /** The suite's exit code: 0 when every failure is in the expected-failures file. */
  exitCode: number;
  /** Everything it printed, for a failure message. */
  output: string;
  /** Each check that failed or warned, with the suite's message, for a failure message. */
  failures: string[];
}

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The suite's command-line entry, as the installed package lays it out. */
function suiteEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@modelcontextprotocol/conformance/package.json');
  return join(dirname(manifest), 'dist', 'index.js');
}

/**
 * The expected-failures file of a revision: `expected-failures-<requirements>.yaml`, or
 * `expected-failures-<target>-<requirements>.yaml` for a named target (`attached`).
 *
 * @example
 * ```ts
 * expectedFailuresFile('2025-11-25', 'attached'); // .../expected-failures-attached-2025-11-25.yaml
 * ```
 */
export function expectedFailuresFile(requirements: Requirements, target?: string): string {
  const name = target === undefined ? requirements : `${target}-${requirements}`;
  return join(PACKAGE_DIR, `expected-failures-${name}.yaml`);
}

/**
 * Runs the official conformance suite's server scenarios that `requirements` requires against
 * `url`, with `expectedFailures` (default `expected-failures-<requirements>.yaml`) as its
 * baseline, and resolves to what it scored. The suite is written for Node 22 (`fs.globSync`): on older Node it runs with the shim
 * in `shim/`, which only adds that function.
 *
 * @example
 * ```ts
 * const run = await runSuite('http://127.0.0.1:8931/mcp', '2026-07-28', '/tmp/results');
 * ```
 */
export async function runSuite(
  url: string,
  requirements: Requirements,
  outputDir: string,
  expectedFailures = expectedFailuresFile(requirements),
): Promise<SuiteRun> {
  const required = await requiredScenarios(requirements);
  const { output, exitCode } = await runSuiteCommand([
    'server',
    '--url',
    url,
    '--requirements',
    requirements,
    '--expected-failures',
    expectedFailures,
    '--output-dir',
    outputDir,
  ]);
  const scored = summaryOutcomes(output).filter((outcome) => required.has(outcome.name));
  return { requirements, scored, exitCode, output, failures: await failedChecks(outputDir) };
}

/** What a test says when a run failed: the tail of the suite's output, then each failed check. */
export function failureReport(run: SuiteRun): string {
  return [run.output.slice(-3000), ...run.failures].join('\n');
}

/**
 * The server scenarios a revision requires, as `conformance list` names them: the suite's
 * extensions (tasks) and pending scenarios run too but are not part of it.
 */
export async function requiredScenarios(requirements: Requirements): Promise<Set<string>> {
  const { output } = await runSuiteCommand(['list', '--server', '--requirements', requirements]);
  const [, servers = ''] = output.split(/^Server scenarios.*$/m);
  const [block = ''] = servers.split(/^\S/m);
  return new Set([...block.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1] as string));
}

/** Runs the suite's command line with `args`; resolves to what it printed and its exit code. */
export function runSuiteCommand(
  args: readonly string[],
): Promise<{ output: string; exitCode: number }> {
  const command = ['--import', join(PACKAGE_DIR, 'shim', 'register.mjs'), suiteEntry(), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ output, exitCode: code ?? 1 }));
  });
}

/** The scenarios of the suite's summary: its `✓ name: ...` and `✗ name: ...` lines. */
export function summaryOutcomes(output: string): ScenarioOutcome[] {
  return [...output.matchAll(/^([✓✗]) ([^:\s]+):/gm)].map((match) => ({
    name: match[2] as string,
    passed: match[1] === '✓',
  }));
}
