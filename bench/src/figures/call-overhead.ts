import { type MeasureOptions, measureInterleaved } from '../measure/measure-interleaved.js';
import { median, pairedRatio } from '../measure/stats.js';
import { createOursRuntime } from '../ours/create-ours-runtime.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createWorkloadRegistry } from '../workload/create-registry.js';
import { answerCall, CALL_ARGUMENTS } from '../workload/trivial-handler.js';
import { CALLED_MODULE_ID, CALLED_TOOL_NAME } from '../workload/workload-modules.js';

/** Sizes and sampling of {@link measureCallOverhead}. */
export interface CallOverheadOptions extends MeasureOptions {
  /** Modules in the registry. */
  registrySize: number;
  /** Sequential calls per sample. */
  calls: number;
}

/**
 * Target: what the executor and the router add to a call. A user meets it only inside a round
 * trip of milliseconds over HTTP (the HTTP figures hold that to the baseline): 25 µs is a guard
 * against a regression, not a budget to spend on speed tricks.
 */
const TARGET_OVERHEAD_US = 25;

type Outcome = { failed: boolean };

/** `calls` sequential calls of `call`, counting the failed ones into `outcome`. */
function repeatCalls(
  calls: number,
  call: () => Promise<unknown>,
  isFailure: (result: unknown) => boolean,
  outcome: Outcome,
): () => Promise<void> {
  return async () => {
    for (let index = 0; index < calls; index += 1) {
      if (isFailure(await call())) outcome.failed = true;
    }
  };
}

/** Per-call times of the five contenders, interleaved round by round, and whether any failed. */
async function sampleCalls(
  options: CallOverheadOptions,
): Promise<{ samples: Map<string, number[]>; failed: boolean }> {
  const { executor, router, tracedRouter, observedRouter } = await createOursRuntime(
    createWorkloadRegistry(options.registrySize),
  );
  const inputs = { ...CALL_ARGUMENTS };
  const outcome: Outcome = { failed: false };
  const never = () => false;
  const isErrorResult = (result: unknown) => (result as { isError?: boolean }).isError === true;
  const routers = { router, 'router-traced': tracedRouter, 'router-observed': observedRouter };
  const contenders = [
    { name: 'direct', call: async () => answerCall(inputs), isFailure: never },
    { name: 'executor', call: () => executor.call(CALLED_MODULE_ID, inputs), isFailure: never },
    ...Object.entries(routers).map(([name, each]) => ({
      name,
      call: () => each.handleCall(CALLED_TOOL_NAME, inputs),
      isFailure: isErrorResult,
    })),
  ];
  const samples = await measureInterleaved(
    contenders.map(({ name, call, isFailure }) => ({
      name,
      run: repeatCalls(options.calls, call, isFailure, outcome),
    })),
    options,
  );
  return { samples, failed: outcome.failed };
}

/**
 * Figure 2: what the executor (`executor.call()`: context, safety checks, ACL, input and output
 * validation, timeout) and the router on top (`router.handleCall()`: tool lookup, context,
 * result serialization) add to one call of a trivial module, the module's own time (calling
 * its function directly, the baseline) subtracted. The same router with `tracing: true` and no
 * OpenTelemetry SDK registered shows what opting in costs an application that traces nothing;
 * with Prometheus metrics on as well, what an operator who turns both on pays.
 *
 * @example
 * ```ts
 * const figures = await measureCallOverhead({ registrySize: 100, calls: 10_000, warmups: 2, samples: 7 });
 * ```
 */
export async function measureCallOverhead(options: CallOverheadOptions): Promise<Figure[]> {
  const { samples, failed } = await sampleCalls(options);
  const perCallUs = (name: string) =>
    (samples.get(name) ?? []).map((ms) => (ms / options.calls) * 1000);
  const direct = perCallUs('direct');
  // Overhead per sample: what the call cost beyond the direct call of the same round.
  const overhead = (name: string) =>
    perCallUs(name).map((microseconds, round) => microseconds - (direct[round] ?? Number.NaN));
  const directUs = median(direct);
  const errors = failed ? 1 : 0;
  const figure = (id: string, name: string, contender: string, target?: number) => {
    const ours = median(overhead(contender));
    return createFigure({
      id,
      name: `Overhead per call: ${name}`,
      unit: 'µs',
      ours,
      baseline: directUs,
      ratio: pairedRatio(overhead(contender), direct),
      ...(target === undefined ? {} : { target: { text: `< ${target} µs`, met: ours < target } }),
      errors,
    });
  };
  return [
    figure('call.executor', 'executor.call()', 'executor'),
    figure('call.router', 'executor + router', 'router', TARGET_OVERHEAD_US),
    figure('call.router.traced', 'executor + router, tracing on, no OTel SDK', 'router-traced'),
    figure(
      'call.router.observed',
      'executor + router, metrics and tracing on, no OTel SDK',
      'router-observed',
      TARGET_OVERHEAD_US,
    ),
  ];
}
