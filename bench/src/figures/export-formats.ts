import { toAnthropicToolsDetailed } from '@apcore-mcp/anthropic';
import { toGeminiToolsDetailed } from '@apcore-mcp/gemini';
import { toOpenaiToolsDetailed } from '@apcore-mcp/openai';
import type { Registry } from '@apcore-mcp/runtime';
import { type MeasureOptions, measureInterleaved } from '../measure/measure-interleaved.js';
import { median, pairedRatio } from '../measure/stats.js';
import { createFigure, type Figure } from '../report/figure.js';
import { createWorkloadRegistry } from '../workload/create-registry.js';

/** Sizes and sampling of {@link measureExportFormats}. */
export interface ExportFormatsOptions extends MeasureOptions {
  /** Registry sizes. */
  sizes: readonly number[];
}

/** How an export is asked for: as it is, or rewritten for the provider's strict mode. */
type ExportMode = 'plain' | 'strict';

/**
 * One model API's tool export: a row per mode it has, each against the OpenAI export in the
 * same mode. Another provider is one more entry of {@link EXPORT_FORMATS}.
 */
export interface ExportFormat {
  /** The figure id part: `export.<id>.<size>`, `export.<id>.strict.<size>`. */
  id: string;
  name: string;
  modes: readonly ExportMode[];
  /** Builds the export of the whole registry; answers how many modules it skipped. */
  build(registry: Registry, mode: ExportMode): number;
}

/** The reference every format is divided by, measured beside each in the same run. */
const OPENAI_EXPORT = (registry: Registry, mode: ExportMode): number =>
  toOpenaiToolsDetailed(registry, { strict: mode === 'strict' }).skipped.length;

/**
 * The formats measured. OpenAI's own row measures the reference against itself: its ratio is
 * how far two runs of the same work drift apart in this run.
 */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  { id: 'openai', name: 'OpenAI', modes: ['plain', 'strict'], build: OPENAI_EXPORT },
  {
    id: 'anthropic',
    name: 'Anthropic',
    // Strict tool use takes at most 20 tools and 24 optional parameters per request: over 100
    // or 1,000 modules it would measure refusals, not building.
    modes: ['plain'],
    build: (registry) => toAnthropicToolsDetailed(registry).skipped.length,
  },
  {
    id: 'gemini',
    name: 'Gemini',
    modes: ['plain'],
    build: (registry) => toGeminiToolsDetailed(registry).skipped.length,
  },
];

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

async function measureSize(
  size: number,
  mode: ExportMode,
  options: ExportFormatsOptions,
): Promise<Figure[]> {
  const registry = createWorkloadRegistry(size);
  const formats = EXPORT_FORMATS.filter((format) => format.modes.includes(mode));
  const samples = await measureInterleaved(
    [
      { name: 'reference', run: () => OPENAI_EXPORT(registry, mode) },
      ...formats.map((format) => ({ name: format.id, run: () => format.build(registry, mode) })),
    ],
    options,
  );
  const referenceSamples = samples.get('reference') ?? [];
  return formats.map((format) => {
    const oursSamples = samples.get(format.id) ?? [];
    const suffix = mode === 'strict' ? '.strict' : '';
    return createFigure({
      id: `export.${format.id}${suffix}.${size}`,
      name: `${format.name} export${mode === 'strict' ? ' (strict)' : ''}, ${formatCount(size)} modules`,
      unit: 'ms',
      ours: median(oursSamples),
      baseline: median(referenceSamples),
      ratio: pairedRatio(oursSamples, referenceSamples),
      // The workload stays within every provider's rules: a skipped module is a failure.
      errors: format.build(registry, mode),
    });
  });
}

/**
 * Figure 11: building each model API's tool export of registries of every size, plain and in
 * strict mode where the provider has one, against the OpenAI export of the same registry in the
 * same mode, sampled in turn with it. For information: the ratio says what a provider's rules
 * cost next to OpenAI's.
 *
 * @example
 * ```ts
 * const figures = await measureExportFormats({ sizes: [100, 1000], warmups: 3, samples: 7 });
 * ```
 */
export async function measureExportFormats(options: ExportFormatsOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const size of options.sizes) {
    for (const mode of ['plain', 'strict'] as const) {
      figures.push(...(await measureSize(size, mode, options)));
    }
  }
  return figures;
}
