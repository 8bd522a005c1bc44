import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A check of the suite's `checks.json`, as far as a failure report needs it. */
interface RecordedCheck {
  id?: string;
  status?: string;
  errorMessage?: string;
}

/**
 * The checks that did not pass, one line each (`scenario: check-id STATUS message`), read from
 * the `checks.json` files the suite wrote under `outputDir`. The suite's summary only counts
 * them; a failure seen once on a busy machine needs its message to be understood.
 *
 * @example
 * ```ts
 * const lines = await failedChecks('/tmp/results/2026-07-28');
 * // ['server-completion-complete-2026-…: completion-complete FAILURE expected …']
 * ```
 */
export async function failedChecks(outputDir: string): Promise<string[]> {
  const files = (await readdir(outputDir, { recursive: true })).filter((file) =>
    file.endsWith('checks.json'),
  );
  const lines = await Promise.all(files.map((file) => failedChecksOf(outputDir, file)));
  return lines.flat();
}

async function failedChecksOf(outputDir: string, file: string): Promise<string[]> {
  const scenario = file.split(/[\\/]/)[0] ?? file;
  let checks: RecordedCheck[];
  try {
    checks = JSON.parse(await readFile(join(outputDir, file), 'utf8')) as RecordedCheck[];
  } catch (error) {
    return [`${scenario}: checks.json unreadable (${(error as Error).message})`];
  }
  return checks
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${scenario}: ${check.id} ${check.status} ${check.errorMessage ?? ''}`.trim());
}
