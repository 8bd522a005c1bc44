/**
 * One line of the results: our figure, the baseline's measured in the same run, their ratio
 * (ours / baseline), and the target it is held to.
 */
export interface Figure {
  /** Stable key, e.g. `build.mcp.100`; what tools and tests look figures up by. */
  id: string;
  /** What the line says, for people. */
  name: string;
  /** Unit of `ours` and `baseline`: `ms`, `µs`, `calls/s`, `bytes`, `MiB`, `x` (a factor). */
  unit: string;
  ours: number;
  baseline: number;
  /**
   * Ours relative to the baseline: the median of the ratios of samples taken side by side
   * where there are such pairs (steadier on a busy machine), else `ours / baseline`.
   */
  ratio: number;
  /** The target, in words (`< 1 ms`, `>= 0.9x`); `null` for a line reported for information. */
  target: string | null;
  /** Whether the target is met and nothing failed; `null` without a target. */
  pass: boolean | null;
  /** Failed operations behind this line (errors, skipped modules); any makes the run fail. */
  errors: number;
}

/** What {@link createFigure} takes; `pass` (and by default `ratio`) are derived. */
export interface FigureInput {
  id: string;
  name: string;
  unit: string;
  ours: number;
  baseline: number;
  /** The paired ratio, when the samples came in pairs; `ours / baseline` when absent. */
  ratio?: number;
  /** The target and whether the measurement meets it. */
  target?: { text: string; met: boolean };
  errors?: number;
}

/**
 * A figure with its ratio and verdict filled in. A line with errors never passes.
 *
 * @example
 * ```ts
 * createFigure({ id: 'x', name: 'X', unit: 'ms', ours: 0.8, baseline: 0.1,
 *   target: { text: '< 1 ms', met: 0.8 < 1 } }); // ratio 8, pass true
 * ```
 */
export function createFigure(input: FigureInput): Figure {
  const errors = input.errors ?? 0;
  return {
    id: input.id,
    name: input.name,
    unit: input.unit,
    ours: input.ours,
    baseline: input.baseline,
    ratio: input.ratio ?? input.ours / input.baseline,
    target: input.target?.text ?? null,
    pass: input.target === undefined ? null : input.target.met && errors === 0,
    errors,
  };
}
