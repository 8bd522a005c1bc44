import { toOpenaiToolsDetailed } from '@apcore-mcp/openai';
import type { Registry } from '@apcore-mcp/runtime';
import { inspectServer } from '@apcore-mcp/server';
import { copyByHand } from '../baseline/copy-by-hand.js';
import { type MeasureOptions, measureInterleaved } from '../measure/measure-interleaved.js';
import { median, pairedRatio } from '../measure/stats.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createWorkloadRegistry } from '../workload/create-registry.js';

/** Sizes and sampling of {@link measureBuildTools}. */
export interface BuildToolsOptions extends MeasureOptions {
  /** Registry sizes, smallest first. */
  sizes: readonly number[];
}

/** The budget per module: 100 modules in under 2 ms. */
const TARGET_MS_PER_MODULE = 0.02;
/**
 * Linear in N: from the smallest size to the largest, the cost per module may grow at most this
 * much more than the cost per module of the floor (copying the finished tools by hand). Copying
 * is linear work, yet it too costs more per module at 10,000: the garbage collector moves a
 * growing graph of live objects while it is built. The floor builds the very graph the
 * conversion builds, the same way, so measuring growth against it leaves what the conversion
 * itself adds, such as a lookup that grows with N.
 */
const LINEARITY_LIMIT = 1.5;

type Conversion = 'mcp' | 'openai' | 'openai-strict';

const CONVERSION_NAMES: Record<Conversion, string> = {
  mcp: 'MCP tools',
  openai: 'OpenAI tools',
  'openai-strict': 'OpenAI tools (strict)',
};

/** The conversions under test, each answering how many modules it had to skip. */
function createConversions(registry: Registry): Record<Conversion, () => number | Promise<number>> {
  return {
    mcp: async () => (await inspectServer(registry)).skipped.length,
    openai: () => toOpenaiToolsDetailed(registry).skipped.length,
    'openai-strict': () => toOpenaiToolsDetailed(registry, { strict: true }).skipped.length,
  };
}

/** The baseline: copying the schemas of every module once, the least any conversion must do. */
function createCopy(registry: Registry): () => unknown {
  const schemas = registry.list().map((moduleId) => {
    const module = registry.get(moduleId);
    return { input: module?.inputSchema, output: module?.outputSchema };
  });
  return () => schemas.map((pair) => JSON.parse(JSON.stringify(pair)) as unknown);
}

/**
 * The floor: copying the MCP tools already built, by hand. No conversion that hands out objects
 * of its own can take less, so it shows how much of a budget is left for the conversion itself.
 */
async function createFloor(registry: Registry): Promise<() => unknown> {
  const { tools } = await inspectServer(registry);
  return () => copyByHand(tools);
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** What one size measured: the figures, and per module the time of each conversion and the floor. */
interface SizeResult {
  figures: Figure[];
  msPerModule: Record<Conversion | 'floor', number>;
}

async function measureSize(size: number, options: BuildToolsOptions): Promise<SizeResult> {
  const registry = createWorkloadRegistry(size);
  const conversions = createConversions(registry);
  const names = Object.keys(conversions) as Conversion[];
  const samples = await measureInterleaved(
    [
      { name: 'copy', run: createCopy(registry) },
      { name: 'floor', run: await createFloor(registry) },
      ...names.map((name) => ({ name, run: conversions[name] })),
    ],
    options,
  );
  const copySamples = samples.get('copy') ?? [];
  const copyMs = median(copySamples);
  const targetMs = size * TARGET_MS_PER_MODULE;
  const floorSamples = samples.get('floor') ?? [];
  const floorMs = median(floorSamples);
  const msPerModule = { floor: floorMs / size } as SizeResult['msPerModule'];
  const errors = await Promise.all(names.map((name) => conversions[name]()));
  const figures = names.map((name, index) => {
    const oursSamples = samples.get(name) ?? [];
    const ours = median(oursSamples);
    msPerModule[name] = ours / size;
    return createFigure({
      id: `build.${name}.${size}`,
      name: `${CONVERSION_NAMES[name]}, ${formatCount(size)} modules`,
      unit: 'ms',
      ours,
      baseline: copyMs,
      ratio: pairedRatio(oursSamples, copySamples),
      target: { text: `< ${formatCount(targetMs)} ms`, met: ours < targetMs },
      errors: errors[index],
    });
  });
  figures.push(
    createFigure({
      id: `build.floor.${size}`,
      name: `Copying the built MCP tools by hand (floor), ${formatCount(size)} modules`,
      unit: 'ms',
      ours: floorMs,
      baseline: copyMs,
      ratio: pairedRatio(floorSamples, copySamples),
    }),
  );
  return { figures, msPerModule };
}

/**
 * Figure 1: building the tools of registries of every size — MCP tools (what the server builds
 * once and then lists), OpenAI tools and strict OpenAI tools — against copying the same
 * schemas, with the floor (copying the finished MCP tools by hand) reported beside them; then
 * whether the cost per module grows from the smallest size to the largest no more than the
 * floor's does.
 *
 * @example
 * ```ts
 * const figures = await measureBuildTools({ sizes: [100, 1000], warmups: 3, samples: 7 });
 * ```
 */
export async function measureBuildTools(options: BuildToolsOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  const perModule: SizeResult['msPerModule'][] = [];
  for (const size of options.sizes) {
    const measured = await measureSize(size, options);
    figures.push(...measured.figures);
    perModule.push(measured.msPerModule);
  }
  const smallest = perModule[0];
  const largest = perModule.at(-1);
  const first = options.sizes[0] ?? 0;
  const last = options.sizes.at(-1) ?? 0;
  if (smallest === undefined || largest === undefined || first === last) return figures;
  const floorGrowth = largest.floor / smallest.floor;
  for (const name of Object.keys(CONVERSION_NAMES) as Conversion[]) {
    const growth = largest[name] / smallest[name];
    figures.push(
      createFigure({
        id: `build.${name}.linearity`,
        name: `${CONVERSION_NAMES[name]}: growth per module, ${formatCount(first)} to ${formatCount(last)}`,
        unit: 'x',
        ours: growth,
        baseline: floorGrowth,
        target: {
          text: `<= ${LINEARITY_LIMIT}x (linear)`,
          met: growth / floorGrowth <= LINEARITY_LIMIT,
        },
      }),
    );
  }
  return figures;
}
