import { spawnTracked, stopChild, typeScriptEntry } from '../process/children.js';
import { createFigure, type Figure } from '../report/figure.js';
import type { HeapSample } from './heap-child.js';

/** Sizes and sampling of {@link measureHeapRetained}. */
export interface HeapRetainedOptions {
  /** Registry sizes. */
  sizes: readonly number[];
  /** Measurements per size inside the child (the median is kept). */
  samples: number;
}

/** Target: the built tools take at most this many times the size of their JSON text. */
const TARGET_RATIO = 1.5;
/** A child that has not answered by then is stopped and the figure fails. */
const CHILD_TIMEOUT_MS = 120_000;

/** Runs the heap child for one size and reads its JSON line. */
function runChild(size: number, samples: number): Promise<HeapSample> {
  const child = spawnTracked(process.execPath, [
    '--expose-gc',
    ...typeScriptEntry('figures/heap-child.ts', [String(size), String(samples)]),
  ]);
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(
        new Error(`heap child for ${size} modules did not answer within ${CHILD_TIMEOUT_MS} ms`),
      );
    }, CHILD_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = `${errors}${chunk.toString()}`.slice(-2000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`heap child for ${size} modules exited with ${code}: ${errors.trim()}`));
        return;
      }
      try {
        resolve(JSON.parse(output) as HeapSample);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * Figure 5: the heap the built MCP tools of 100 and 1,000 modules retain, against the size of
 * their JSON text — measured in a fresh `node --expose-gc` child per size, so nothing else of
 * the bench sits on the heap.
 *
 * @example
 * ```ts
 * const figures = await measureHeapRetained({ sizes: [100, 1000], samples: 3 });
 * ```
 */
export async function measureHeapRetained(options: HeapRetainedOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const size of options.sizes) {
    const sample = await runChild(size, options.samples);
    figures.push(
      createFigure({
        id: `heap.tools.${size}`,
        name: `Heap retained by ${size.toLocaleString('en-US')} built tools vs their JSON`,
        unit: 'bytes',
        ours: sample.retainedBytes,
        baseline: sample.jsonBytes,
        target: {
          text: `<= ${TARGET_RATIO}x`,
          met: sample.retainedBytes <= TARGET_RATIO * sample.jsonBytes,
        },
      }),
      createFigure({
        id: `heap.parsed.${size}`,
        name: `Heap retained by the same ${size.toLocaleString('en-US')} tools parsed from JSON`,
        unit: 'bytes',
        ours: sample.parsedRetainedBytes,
        baseline: sample.jsonBytes,
      }),
    );
  }
  return figures;
}
