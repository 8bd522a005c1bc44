import type { Figure } from './figure.js';
import type { MachineInfo } from './machine-info.js';

/** Everything one run produced: what `results.json` holds. */
export interface BenchReport {
  profile: 'full' | 'smoke';
  machine: MachineInfo;
  durationMs: number;
  figures: Figure[];
  /** Figure groups that crashed, with the error message; the others still ran. */
  failures: { group: string; message: string }[];
}

/**
 * Why a run must fail, or an empty list: a crashed group, a line with errors, a number that is
 * not finite. Missed targets are not among them: timing never fails a run.
 *
 * @example
 * ```ts
 * if (findProblems(report).length > 0) process.exitCode = 1;
 * ```
 */
export function findProblems(report: BenchReport): string[] {
  const problems = report.failures.map(({ group, message }) => `${group} crashed: ${message}`);
  for (const figure of report.figures) {
    if (figure.errors > 0) problems.push(`${figure.id}: ${figure.errors} errors`);
    for (const key of ['ours', 'baseline', 'ratio'] as const) {
      if (!Number.isFinite(figure[key])) problems.push(`${figure.id}: ${key} is ${figure[key]}`);
    }
  }
  return problems;
}
