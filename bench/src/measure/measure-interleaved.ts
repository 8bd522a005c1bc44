/** One contender of a timing comparison. */
export interface TimedCase {
  name: string;
  /** One run of the measured work; awaited when it returns a promise. */
  run: () => unknown;
}

/** How {@link measureInterleaved} samples. */
export interface MeasureOptions {
  /** Unmeasured runs of each case first, so every case is compiled and warm. */
  warmups: number;
  /** Measured samples of each case; the caller usually takes their median. */
  samples: number;
  /**
   * A sample repeats its run until this much time has passed (and divides), so work far below
   * the timer's resolution is still measured. Default 0: one run per sample.
   */
  minSampleMs?: number;
  /** A sample never repeats its run more often than this. Default 10,000. */
  maxRunsPerSample?: number;
}

async function runOnce(run: () => unknown): Promise<void> {
  const result = run();
  if (result instanceof Promise) await result;
}

async function sample(run: () => unknown, minSampleMs: number, maxRuns: number): Promise<number> {
  let runs = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    await runOnce(run);
    runs += 1;
    elapsed = performance.now() - started;
  } while (elapsed < minSampleMs && runs < maxRuns);
  return elapsed / runs;
}

/**
 * Times each case's run, milliseconds per run, sampling the cases in turn (and rotating which
 * goes first) so that whatever the machine does meanwhile — frequency changes, other processes,
 * garbage collection — falls on all of them alike and cancels in their ratios.
 *
 * @returns the samples of each case, by name.
 * @example
 * ```ts
 * const samples = await measureInterleaved(
 *   [{ name: 'ours', run: () => build() }, { name: 'baseline', run: () => copy() }],
 *   { warmups: 3, samples: 7, minSampleMs: 20 },
 * );
 * median(samples.get('ours')!);
 * ```
 */
export async function measureInterleaved(
  cases: readonly TimedCase[],
  options: MeasureOptions,
): Promise<Map<string, number[]>> {
  const minSampleMs = options.minSampleMs ?? 0;
  const maxRuns = options.maxRunsPerSample ?? 10_000;
  for (const timed of cases) {
    for (let index = 0; index < options.warmups; index += 1) await runOnce(timed.run);
  }
  const samples = new Map<string, number[]>(cases.map((timed) => [timed.name, []]));
  for (let round = 0; round < options.samples; round += 1) {
    for (let offset = 0; offset < cases.length; offset += 1) {
      const timed = cases[(round + offset) % cases.length] as TimedCase;
      samples.get(timed.name)?.push(await sample(timed.run, minSampleMs, maxRuns));
    }
  }
  return samples;
}
