import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ExtensionRun,
  listExtensionScenarios,
  runExtensionScenario,
  SKILLS_SCENARIOS,
} from './run-extension-scenarios.js';
import { expectedFailuresFile, type Requirements, runSuite, type SuiteRun } from './run-suite.js';
import { type ServedExtensions, serveAttachedHost, serveExtensions } from './serve-extensions.js';

/** The extensions directory written for the suite's scenarios, one module per tool it calls. */
export const EXTENSIONS_DIR = fileURLToPath(new URL('../extensions', import.meta.url));

/** The skills directory the skills extension's scenarios (`sep-2640-*`) read. */
export const SKILLS_DIR = fileURLToPath(new URL('../skills', import.meta.url));

/** Both revisions the server speaks, newest first. */
export const REVISIONS: readonly Requirements[] = ['2026-07-28', '2025-11-25'];

/**
 * A server the suite runs against: how to start it on a port, and the expected-failures file
 * of each revision's run.
 *
 * @example
 * ```ts
 * await runConformance({ port, resultsDir, target: ATTACHED_TARGET });
 * ```
 */
export interface ConformanceTarget {
  serve(port: number): Promise<ServedExtensions>;
  expectedFailures(requirements: Requirements): string;
}

/** The `apcore-mcp` CLI serving {@link EXTENSIONS_DIR} and {@link SKILLS_DIR}. */
export const CLI_TARGET: ConformanceTarget = {
  serve: (port) => serveExtensions(EXTENSIONS_DIR, port, SKILLS_DIR),
  expectedFailures: (requirements) => expectedFailuresFile(requirements),
};

/**
 * The CLI as {@link CLI_TARGET}, with the management surface on (`--sys-modules`): the suite's
 * scenarios must pass with the `system.*` resources, templates and extension served beside
 * theirs. Same baselines as the CLI's. (`--sys-control` declares `tools.listChanged`, which
 * makes the suite call its `test_trigger_tool_change` diagnostic tool, one these extensions do
 * not define: the toggle's list change is tested by the server's own e2e tests instead.)
 */
export const SYS_MODULES_TARGET: ConformanceTarget = {
  serve: (port) => serveExtensions(EXTENSIONS_DIR, port, SKILLS_DIR, ['--sys-modules']),
  expectedFailures: (requirements) => expectedFailuresFile(requirements),
};

/**
 * An application's own `McpServer` (`src/attached-host.ts`) with the same directories attached
 * by `attachToServer`; its baselines are `expected-failures-attached-<revision>.yaml`.
 */
export const ATTACHED_TARGET: ConformanceTarget = {
  serve: serveAttachedHost,
  expectedFailures: (requirements) => expectedFailuresFile(requirements, 'attached'),
};

/**
 * The extension scenarios the server runs besides both revisions: the skills extension's, and
 * every one of the tasks extension's that the suite lists.
 *
 * @example
 * ```ts
 * const scenarios = await extensionScenarios(); // ['sep-2640-skills-directory', ..., 'tasks-lifecycle', ...]
 * ```
 */
export async function extensionScenarios(): Promise<string[]> {
  return [...SKILLS_SCENARIOS, ...(await listExtensionScenarios('tasks-'))];
}

/**
 * Starts `target` (default {@link CLI_TARGET}: the `apcore-mcp` CLI serving
 * {@link EXTENSIONS_DIR} and the skills of {@link SKILLS_DIR} over Streamable HTTP) on `port`
 * and runs the suite once per revision against it, then each of `scenarios` (default
 * {@link extensionScenarios}: no revision's run includes them); stops the server whatever
 * happens.
 *
 * @example
 * ```ts
 * const { runs, extensions } = await runConformance({ port: 8931, resultsDir: '/tmp/results' });
 * ```
 */
export async function runConformance(options: {
  port: number;
  resultsDir: string;
  revisions?: readonly Requirements[];
  scenarios?: readonly string[];
  target?: ConformanceTarget;
}): Promise<{ runs: SuiteRun[]; extensions: ExtensionRun[] }> {
  const scenarios = options.scenarios ?? (await extensionScenarios());
  const target = options.target ?? CLI_TARGET;
  const served = await target.serve(options.port);
  try {
    const runs: SuiteRun[] = [];
    for (const requirements of options.revisions ?? REVISIONS) {
      const outputDir = join(options.resultsDir, requirements);
      const baseline = target.expectedFailures(requirements);
      runs.push(await runSuite(served.url, requirements, outputDir, baseline));
    }
    const extensions: ExtensionRun[] = [];
    for (const scenario of scenarios) {
      const outputDir = join(options.resultsDir, scenario);
      extensions.push(await runExtensionScenario(served.url, scenario, outputDir));
    }
    return { runs, extensions };
  } finally {
    await served.stop();
  }
}
