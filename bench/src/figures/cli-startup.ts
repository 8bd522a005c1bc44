import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BASELINE_STDIO_ARGUMENTS } from '../baseline/baseline-stdio-script.js';
import { createBaselineTools } from '../baseline/baseline-tools.js';
import { median, pairedRatio } from '../measure/stats.js';
import { BENCH_DIR, spawnTracked, stopChild } from '../process/children.js';
import { awaitFirstAnswers } from '../process/first-answers.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createTempDir } from '../temp-dir.js';
import { type ModuleLanguage, writeExtensionsDir } from '../workload/write-extensions-dir.js';

/** One size of project the starts are measured on, and how often. */
export interface StartScale {
  /** Module files in each extensions directory. */
  moduleCount: number;
  /** Measured rounds; one more comes first, unmeasured (it warms the file cache). */
  samples: number;
}

/** Sizes and sampling of {@link measureCliStartup}. */
export interface CliStartupOptions {
  /** The project of the `cli.start.<language>` figures (100 module files in the full run). */
  base: StartScale;
  /** The project of the `cli.start.<language>.1000` figures (1,000 in the full run). */
  large: StartScale;
}

/** Which figures a scale gives: their id's ending and their goal (ours / the baseline's). */
const SCALE_FIGURES = {
  base: { idSuffix: '', goalRatio: 1.3 },
  large: { idSuffix: '.1000', goalRatio: 1.5 },
} as const;

type ScaleName = keyof typeof SCALE_FIGURES;
/** A start that takes longer fails the figure. */
const ANSWER_TIMEOUT_MS = 60_000;

/** The servers started each round: ours on `.js` files, ours on `.ts` files, the baseline. */
type Contender = ModuleLanguage | 'baseline';

/** How each contender is spawned. */
interface Launch {
  args: readonly string[];
  cwd: string;
}

/** The `apcore-mcp` bin of the workspace's CLI package. */
function cliBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@apcore-mcp/cli/package.json')), 'bin', 'apcore-mcp.js');
}

/** The environment without `APCORE_MCP_*` settings, which would change what the CLI does. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('APCORE_MCP_')) env[name] = value;
  }
  return { ...env, ...extra };
}

/** One start: spawn to the first `tools/list` answer (with how many tools) and to a first call's. */
interface Start {
  ms: number;
  callMs: number;
  toolCount: number;
}

/** Spawns one server with plain `node`, times it to its first list and call answers, stops it. */
async function timeStart(launch: Launch, env: NodeJS.ProcessEnv): Promise<Start> {
  const started = performance.now();
  const child = spawnTracked(process.execPath, launch.args, {
    cwd: launch.cwd,
    env,
    stdio: 'pipe',
  });
  try {
    const { listedAt, toolCount, calledAt } = await awaitFirstAnswers(child, ANSWER_TIMEOUT_MS);
    return { ms: listedAt - started, callMs: calledAt - started, toolCount };
  } finally {
    await stopChild(child);
  }
}

/** A project of `count` module files in `language` under `root`, and how to serve it. */
async function oursLaunch(root: string, count: number, language: ModuleLanguage): Promise<Launch> {
  const project = join(root, language);
  await mkdir(project);
  const extensions = await writeExtensionsDir(project, count, language);
  const args = [cliBin(), '--extensions-dir', extensions, '--transport', 'stdio'];
  return { args: [...args, '--log-level', 'error'], cwd: project };
}

/**
 * What each start is timed to: the first `tools/list` answer (held to the scale's goal), and
 * the first call's (for information: a start whose opening came from the record answers the
 * list before its server has loaded, and the call after).
 */
const MEASURES = {
  start: { idPrefix: 'cli.start', name: 'CLI start to first tools/list (stdio)', goal: true },
  firstCall: {
    idPrefix: 'cli.firstCall',
    name: 'CLI start to first tools/call answered (stdio)',
    goal: false,
  },
} as const;

type Measure = keyof typeof MEASURES;

/** Samples of every contender, round by round, and the starts that listed too few tools. */
interface Sampled {
  samples: Record<Measure, Record<Contender, number[]>>;
  incomplete: Record<Contender, number>;
}

/** Rounds of one start of each contender, in an order that turns every round. */
async function sampleStarts(
  launches: Record<Contender, Launch>,
  env: NodeJS.ProcessEnv,
  options: StartScale,
): Promise<Sampled> {
  const contenders: Contender[] = ['js', 'baseline', 'ts'];
  const sampled: Sampled = {
    samples: {
      start: { js: [], ts: [], baseline: [] },
      firstCall: { js: [], ts: [], baseline: [] },
    },
    incomplete: { js: 0, ts: 0, baseline: 0 },
  };
  for (let round = 0; round <= options.samples; round += 1) {
    const shift = round % contenders.length;
    for (const contender of [...contenders.slice(shift), ...contenders.slice(0, shift)]) {
      const start = await timeStart(launches[contender], env);
      // A server that listed fewer tools would have started faster for the wrong reason.
      if (start.toolCount !== options.moduleCount) sampled.incomplete[contender] += 1;
      if (round === 0) continue;
      sampled.samples.start[contender].push(start.ms);
      sampled.samples.firstCall[contender].push(start.callMs);
    }
  }
  return sampled;
}

/** The figure of ours on module files in `language`, paired with the baseline's starts. */
function languageFigure(
  measure: Measure,
  language: ModuleLanguage,
  sampled: Sampled,
  moduleCount: number,
  scale: ScaleName,
): Figure {
  const ours = sampled.samples[measure][language];
  const baseline = sampled.samples[measure].baseline;
  const ratio = pairedRatio(ours, baseline);
  const { idPrefix, name, goal } = MEASURES[measure];
  const { idSuffix, goalRatio } = SCALE_FIGURES[scale];
  return createFigure({
    id: `${idPrefix}.${language}${idSuffix}`,
    name: `${name}, ${moduleCount} .${language} module files`,
    unit: 'ms',
    ours: median(ours),
    baseline: median(baseline),
    ratio,
    ...(goal ? { target: { text: `goal <= ${goalRatio}x`, met: ratio <= goalRatio } } : {}),
    errors: sampled.incomplete[language] + sampled.incomplete.baseline,
  });
}

/** The figures of one scale: its project written, the three contenders sampled. */
async function measureScale(scale: ScaleName, options: StartScale): Promise<Figure[]> {
  const dir = await createTempDir('apcore-mcp-bench-cli-');
  try {
    const toolsFile = join(dir.path, 'tools.json');
    await writeFile(toolsFile, JSON.stringify(createBaselineTools(options.moduleCount)));
    const launches: Record<Contender, Launch> = {
      js: await oursLaunch(dir.path, options.moduleCount, 'js'),
      ts: await oursLaunch(dir.path, options.moduleCount, 'ts'),
      baseline: { args: BASELINE_STDIO_ARGUMENTS, cwd: BENCH_DIR },
    };
    const sampled = await sampleStarts(
      launches,
      cleanEnv({ BASELINE_TOOLS_FILE: toolsFile }),
      options,
    );
    return (['start', 'firstCall'] as const).flatMap((measure) =>
      (['js', 'ts'] as const).map((language) =>
        languageFigure(measure, language, sampled, options.moduleCount, scale),
      ),
    );
  } finally {
    await dir.remove();
  }
}

/**
 * Figure 6: from spawning `apcore-mcp --extensions-dir DIR --transport stdio` with plain `node`
 * on a project of generated module files until its answer to the first `tools/list` has been
 * read (the client's `initialize` written at spawn), once with JavaScript files and once with
 * TypeScript files (which the CLI compiles through its loader as it imports them), against
 * spawning the hand-written stdio server on the SDK's 2.x packages (`node -e`, the same tools
 * from one JSON file) until its first `tools/list` answer. The three alternate, round by round;
 * the round before the measured ones leaves what a start keeps for the next (the module cache,
 * the opening record). Each start then calls the first tool listed: `cli.firstCall.*` is the
 * time to that answer, for information.
 * Twice: on the base project (`cli.start.js`, `cli.start.ts`, goal 1.3x) and on the large one
 * (`cli.start.js.1000`, `cli.start.ts.1000`, goal 1.5x), where the start's growth with the
 * module count shows.
 *
 * @example
 * ```ts
 * const figures = await measureCliStartup({
 *   base: { moduleCount: 100, samples: 7 },
 *   large: { moduleCount: 1000, samples: 5 },
 * });
 * ```
 */
export async function measureCliStartup(options: CliStartupOptions): Promise<Figure[]> {
  return [
    ...(await measureScale('base', options.base)),
    ...(await measureScale('large', options.large)),
  ];
}
