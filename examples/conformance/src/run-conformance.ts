import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Requirements, runSuite, type SuiteRun } from './run-suite.js';
import { serveExtensions } from './serve-extensions.js';

/** The extensions directory written for the suite's scenarios, one module per tool it calls. */
export const EXTENSIONS_DIR = fileURLToPath(new URL('../extensions', import.meta.url));

/** Both revisions the server speaks, newest first. */
export const REVISIONS: readonly Requirements[] = ['2026-07-28', '2025-11-25'];

/**
 * Serves {@link EXTENSIONS_DIR} with the `apcore-mcp` CLI over Streamable HTTP on `port` and runs
 * the suite once per revision against it; stops the server whatever happens.
 *
 * @example
 * ```ts
 * const runs = await runConformance({ port: 8931, resultsDir: '/tmp/results' });
 * ```
 */
export async function runConformance(options: {
  port: number;
  resultsDir: string;
  revisions?: readonly Requirements[];
}): Promise<SuiteRun[]> {
  const served = await serveExtensions(EXTENSIONS_DIR, options.port);
  try {
    const runs: SuiteRun[] = [];
    for (const requirements of options.revisions ?? REVISIONS) {
      runs.push(await runSuite(served.url, requirements, join(options.resultsDir, requirements)));
    }
    return runs;
  } finally {
    await served.stop();
  }
}
