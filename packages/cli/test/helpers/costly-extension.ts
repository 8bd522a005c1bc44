import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A module costing 7.5 a call, which counts its runs in a file beside it. */
const EXPORT_MODULE = `import { appendFileSync } from 'node:fs';
export default {
  description: 'Export every order.',
  metadata: { cost: 7.5 },
  inputSchema: { type: 'object', properties: {} },
  execute: () => {
    appendFileSync(new URL('./runs.txt', import.meta.url), 'run\\n');
    return { exported: true };
  },
};
`;

/** An extensions directory under `parent` holding one costly module, `export`. */
export interface CostlyExtensions {
  dir: string;
  /** How many times the module ran. */
  runs(): Promise<number>;
}

/**
 * Writes an extensions directory with one module costing 7.5 a call (tool `export`), which
 * counts its runs, for the tests of limits that must refuse it before it runs.
 *
 * @example
 * ```ts
 * const costly = await createCostlyExtensions(tempDir);
 * expect(await costly.runs()).toBe(0);
 * ```
 */
export async function createCostlyExtensions(parent: string): Promise<CostlyExtensions> {
  const dir = join(parent, 'extensions');
  await mkdir(dir);
  await writeFile(join(dir, 'export.mjs'), EXPORT_MODULE);
  return {
    dir,
    runs: async () => {
      const text = await readFile(join(dir, 'runs.txt'), 'utf8').catch(() => '');
      return text.split('\n').filter((line) => line !== '').length;
    },
  };
}
