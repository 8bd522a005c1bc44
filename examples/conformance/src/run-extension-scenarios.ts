import { runSuiteCommand } from './run-suite.js';

/**
 * The suite's scenarios of the skills extension (SEP-2640). The suite runs extension scenarios
 * only when named: no `--requirements` run includes them.
 *
 * @example
 * ```ts
 * for (const scenario of SKILLS_SCENARIOS) await runExtensionScenario(url, scenario, dir);
 * ```
 */
export const SKILLS_SCENARIOS = [
  'sep-2640-skills-directory',
  'sep-2640-skills-enumeration',
  'sep-2640-skills-manifest',
] as const;

/**
 * The suite's scenarios of an extension, as `conformance list --server` names them (those
 * marked `[extension]` whose name starts with `prefix`): `'tasks-'` gives the tasks extension's.
 *
 * @example
 * ```ts
 * const tasks = await listExtensionScenarios('tasks-'); // ['tasks-lifecycle', ...]
 * ```
 */
export async function listExtensionScenarios(prefix: string): Promise<string[]> {
  const { output } = await runSuiteCommand(['list', '--server']);
  return [...output.matchAll(/^\s+- (\S+) \[extension\]$/gm)]
    .map((match) => match[1] as string)
    .filter((name) => name.startsWith(prefix));
}

/**
 * Extension scenarios the suite lists but does not run yet, each with the reason it gives: their
 * checks are all `SKIPPED`. Once the suite runs one, it must pass like the others, and its entry
 * goes.
 *
 * @example
 * ```ts
 * const pending = SUITE_PENDING['tasks-status-notifications'] !== undefined; // true
 * ```
 */
export const SUITE_PENDING: Readonly<Record<string, string>> = {
  'tasks-status-notifications':
    'Status notifications conformance, pending subscriptions/listen rewrite.',
};

/** One check of a scenario and its status (`SUCCESS`, `FAILURE`, `WARNING`, `SKIPPED`, ...). */
export interface ScenarioCheck {
  id: string;
  status: string;
}

/** What one run of a named scenario said. */
export interface ExtensionRun {
  scenario: string;
  checks: ScenarioCheck[];
  exitCode: number;
  /** Everything it printed, for a failure message. */
  output: string;
}

/**
 * Runs one scenario of the suite against `url` and resolves to its checks, as the suite
 * printed them.
 *
 * @example
 * ```ts
 * const run = await runExtensionScenario(url, 'sep-2640-skills-manifest', '/tmp/results');
 * run.checks.every((check) => check.status === 'SUCCESS');
 * ```
 */
export async function runExtensionScenario(
  url: string,
  scenario: string,
  outputDir: string,
): Promise<ExtensionRun> {
  const { output, exitCode } = await runSuiteCommand([
    'server',
    '--url',
    url,
    '--scenario',
    scenario,
    '--output-dir',
    outputDir,
  ]);
  return { scenario, checks: scenarioChecks(output), exitCode, output };
}

/** The check lines of the suite's output: `[check-id] STATUS description`, colours removed. */
export function scenarioChecks(output: string): ScenarioCheck[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the suite colours its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  return [...plain.matchAll(/\[([\w-]+)\s*\]\s+(SUCCESS|FAILURE|WARNING|SKIPPED|INFO)\b/g)].map(
    (match) => ({ id: match[1] as string, status: match[2] as string }),
  );
}
