import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ExtensionRun,
  listExtensionScenarios,
  runExtensionScenario,
  SKILLS_SCENARIOS,
} from './run-extension-scenarios.js';
import { type Requirements, runSuite, type SuiteRun } from './run-suite.js';
import { serveExtensions } from './serve-extensions.js';

/** The extensions directory written for the suite's scenarios, one module per tool it calls. */
export const EXTENSIONS_DIR = fileURLToPath(new URL('../extensions', import.meta.url));

/** The skills directory the skills extension's scenarios (`sep-2640-*`) read. */
export const SKILLS_DIR = fileURLToPath(new URL('../skills', import.meta.url));

/** Both revisions the server speaks, newest first. */
export const REVISIONS: readonly Requirements[] = ['2026-07-28', '2025-11-25'];

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
 * Serves {@link EXTENSIONS_DIR} and the skills of {@link SKILLS_DIR} with the `apcore-mcp` CLI
 * over Streamable HTTP on `port` and runs the suite once per revision against it, then each of
 * `scenarios` (default {@link extensionScenarios}: no revision's run includes them); stops the
 * server whatever happens.
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
}): Promise<{ runs: SuiteRun[]; extensions: ExtensionRun[] }> {
  const scenarios = options.scenarios ?? (await extensionScenarios());
  const served = await serveExtensions(EXTENSIONS_DIR, options.port, SKILLS_DIR);
  try {
    const runs: SuiteRun[] = [];
    for (const requirements of options.revisions ?? REVISIONS) {
      runs.push(await runSuite(served.url, requirements, join(options.resultsDir, requirements)));
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
