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

/** Target: what the executor and the router add to a call. */
const TARGET_OVERHEAD_US = 5;

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
  const samples = await measureInterleaved(
    [
      {
        name: 'direct',
        run: repeatCalls(options.calls, async () => answerCall(inputs), never, outcome),
      },
      {
        name: 'executor',
        run: repeatCalls(
          options.calls,
          () => executor.call(CALLED_MODULE_ID, inputs),
          never,
          outcome,
        ),
      },
      {
        name: 'router',
        run: repeatCalls(
          options.calls,
          () => router.handleCall(CALLED_TOOL_NAME, inputs),
          isErrorResult,
          outcome,
        ),
      },
      {
        name: 'router-traced',
        run: repeatCalls(
          options.calls,
          () => tracedRouter.handleCall(CALLED_TOOL_NAME, inputs),
          isErrorResult,
          outcome,
        ),
      },
      {
        name: 'router-observed',
        run: repeatCalls(
          options.calls,
          () => observedRouter.handleCall(CALLED_TOOL_NAME, inputs),
          isErrorResult,
          outcome,
        ),
      },
    ],
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
  const routerOverhead = median(overhead('router'));
  const observedOverhead = median(overhead('router-observed'));
  const directUs = median(direct);
  const errors = failed ? 1 : 0;
  return [
    createFigure({
      id: 'call.executor',
      name: 'Overhead per call: executor.call()',
      unit: 'µs',
      ours: median(overhead('executor')),
      baseline: directUs,
      ratio: pairedRatio(overhead('executor'), direct),
      errors,
    }),
    createFigure({
      id: 'call.router',
      name: 'Overhead per call: executor + router',
      unit: 'µs',
      ours: routerOverhead,
      baseline: directUs,
      ratio: pairedRatio(overhead('router'), direct),
      target: { text: `< ${TARGET_OVERHEAD_US} µs`, met: routerOverhead < TARGET_OVERHEAD_US },
      errors,
    }),
    createFigure({
      id: 'call.router.traced',
      name: 'Overhead per call: executor + router, tracing on, no OTel SDK',
      unit: 'µs',
      ours: median(overhead('router-traced')),
      baseline: directUs,
      ratio: pairedRatio(overhead('router-traced'), direct),
      errors,
    }),
    createFigure({
      id: 'call.router.observed',
      name: 'Overhead per call: executor + router, metrics and tracing on, no OTel SDK',
      unit: 'µs',
      ours: observedOverhead,
      baseline: directUs,
      ratio: pairedRatio(overhead('router-observed'), direct),
      target: { text: `< ${TARGET_OVERHEAD_US} µs`, met: observedOverhead < TARGET_OVERHEAD_US },
      errors,
    }),
  ];
}
