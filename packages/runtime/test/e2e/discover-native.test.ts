import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKEN_MODULE_FILES,
  GOOD_MODULE_FILES,
  GOOD_MODULE_IDS,
  IGNORED_FILES,
} from '../../src/__fixtures__/extensions.js';
import { createTempDir, removeTempDir } from '../../src/__fixtures__/temp-dir.js';

/**
 * Discovery under plain Node, from the built package (`test:e2e` runs after the build): the way
 * the CLI runs it. (Inside vitest,
 * JavaScript files would be imported through vite instead of Node's own loader.)
 */
const run = promisify(execFile);
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distEntry = join(packageDir, 'dist', 'index.js');
/** Runs `body` (an async function body using `runtime`) in a fresh Node process; returns its JSON. */
async function runInNode(workDir: string, body: string): Promise<Record<string, unknown>> {
  const script = join(workDir, `script-${Date.now()}.mjs`);
  await writeFile(
    script,
    `const runtime = await import(${JSON.stringify(pathToFileURL(distEntry).href)});\n` +
      `const result = await (async () => {\n${body}\n})();\n` +
      'process.stdout.write(JSON.stringify(result));\n',
  );
  const { stdout } = await run(process.execPath, [script], { cwd: workDir, timeout: 60_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('discovery under plain Node', () => {
  let workDir: string;

  beforeAll(async () => {
    const broken = Object.fromEntries(
      Object.entries(BROKEN_MODULE_FILES).map(([path, { content }]) => [path, content]),
    );
    workDir = await createTempDir({
      ...Object.fromEntries(
        Object.entries({ ...GOOD_MODULE_FILES, ...broken, ...IGNORED_FILES }).map(
          ([path, content]) => [join('extensions', path), content],
        ),
      ),
      // A package without "type": TypeScript compiles to CommonJS there, `.js` is CommonJS.
      'commonjs/package.json': JSON.stringify({ name: 'cjs-extensions' }),
      'commonjs/math/add.ts':
        "import { sum } from './_sum.ts';\nexport default { description: 'Add', inputSchema: { type: 'object' }, execute: (inputs: Record<string, number>) => ({ sum: sum(inputs.a ?? 0, inputs.b ?? 0) }) };\n",
      'commonjs/math/_sum.ts':
        'export function sum(a: number, b: number): number {\n  return a + b;\n}\n',
      // Module files that import the apcore packages, with none installed around them.
      'importing/package.json': JSON.stringify({ type: 'module' }),
      'importing/greet.js':
        "import { defineModule } from '@apcore-mcp/core';\nexport default defineModule({ description: 'Greet', inputSchema: { type: 'object' }, execute: ({ name }) => ({ greeting: 'Hello, ' + name }) });\n",
      'importing/inspect.ts':
        "import { defineModule, ErrorCodes } from '@apcore-mcp/core';\nimport { Registry } from '@apcore-mcp/runtime';\nexport default defineModule({ description: 'Inspect', inputSchema: { type: 'object' }, execute: () => ({ registry: typeof Registry, code: ErrorCodes.MODULE_NOT_FOUND }) });\n",
      'importing/required.cjs':
        "const { defineModule } = require('@apcore-mcp/core');\nconst { Executor } = require('@apcore-mcp/runtime');\nmodule.exports = defineModule({ description: 'Required', inputSchema: { type: 'object' }, execute: () => ({ executor: typeof Executor }) });\n",
      'commonjs/old.js':
        "module.exports = { description: 'Old', inputSchema: { type: 'object' }, execute: () => ({ old: true }) };\n",
    });
  });

  afterAll(() => removeTempDir(workDir));

  it('loads the good files, reports the broken ones and runs what it loaded', async () => {
    const result = await runInNode(
      workDir,
      `const registry = new runtime.Registry({ extensionsDir: 'extensions' });
      const report = await registry.discoverDetailed();
      const executor = new runtime.Executor(registry);
      return {
        loaded: [...report.loaded].sort(),
        failed: report.failed,
        resized: await executor.call('image.resize', { width: 5 }),
        upper: await executor.call('text.upper', { text: 'node' }),
        legacy: await executor.call('legacy', {}),
      };`,
    );
    expect(result.loaded).toEqual(GOOD_MODULE_IDS);
    const failed = result.failed as Array<{ path: string; reason: string }>;
    const root = join(workDir, 'extensions');
    expect(failed.map((failure) => failure.path).sort()).toEqual(
      Object.keys(BROKEN_MODULE_FILES)
        .map((path) => join(root, path))
        .sort(),
    );
    for (const [path, { reason }] of Object.entries(BROKEN_MODULE_FILES)) {
      expect(failed.find((failure) => failure.path === join(root, path))?.reason, path).toMatch(
        reason,
      );
    }
    expect(result).toMatchObject({
      resized: { width: 10 },
      upper: { text: 'NODE' },
      legacy: { legacy: true },
    });
  });

  it('lets module files import @apcore-mcp/core and @apcore-mcp/runtime with neither installed', async () => {
    const result = await runInNode(
      workDir,
      `const registry = new runtime.Registry({ extensionsDir: 'importing' });
      const report = await registry.discoverDetailed();
      const executor = new runtime.Executor(registry);
      return {
        report,
        greet: await executor.call('greet', { name: 'Ada' }),
        inspect: await executor.call('inspect', {}),
        required: await executor.call('required', {}),
      };`,
    );
    expect(result).toEqual({
      report: { loaded: ['greet', 'inspect', 'required'], failed: [], definitions: [] },
      greet: { greeting: 'Hello, Ada' },
      inspect: { registry: 'function', code: 'MODULE_NOT_FOUND' },
      required: { executor: 'function' },
    });
  });

  it('loads TypeScript and JavaScript from a CommonJS package', async () => {
    const result = await runInNode(
      workDir,
      `const registry = new runtime.Registry({ extensionsDir: 'commonjs' });
      const report = await registry.discoverDetailed();
      const executor = new runtime.Executor(registry);
      return { report, sum: await executor.call('math.add', { a: 2, b: 3 }), old: await executor.call('old', {}) };`,
    );
    expect(result).toEqual({
      report: { loaded: ['math.add', 'old'], failed: [], definitions: [] },
      sum: { sum: 5 },
      old: { old: true },
    });
  });

  it('reloads edited files with fresh: true, for ESM, CommonJS and TypeScript', async () => {
    const result = await runInNode(
      workDir,
      `const { writeFile } = await import('node:fs/promises');
      const entry = { esm: 'extensions/text/upper.js', cjs: 'extensions/legacy.cjs', ts: 'commonjs/math/add.ts', tsEsm: 'extensions/image/resize.ts' };
      const before = {};
      for (const [kind, path] of Object.entries(entry)) before[kind] = (await runtime.loadModuleFile(path)).description;
      const staleResize = await runtime.loadModuleFile(entry.tsEsm);
      await writeFile(entry.esm, "export default { description: 'esm v2', inputSchema: {}, execute: () => ({}) };\\n");
      await writeFile(entry.cjs, "module.exports = { description: 'cjs v2', inputSchema: {}, execute: () => ({}) };\\n");
      await writeFile('commonjs/math/_sum.ts', 'export function sum(a: number, b: number): number {\\n  return a * b;\\n}\\n');
      await writeFile('extensions/image/_helpers/scale.ts', 'export function scale(width: number): number {\\n  return width * 3;\\n}\\n');
      const after = {};
      for (const [kind, path] of Object.entries(entry)) after[kind] = (await runtime.loadModuleFile(path, { fresh: true })).description;
      const add = await runtime.loadModuleFile(entry.ts, { fresh: true });
      const resize = await runtime.loadModuleFile(entry.tsEsm, { fresh: true });
      return {
        before,
        after,
        product: add.execute({ a: 2, b: 3 }),
        tripled: resize.execute({ width: 2 }),
        stillDoubled: staleResize.execute({ width: 2 }),
      };`,
    );
    expect(result).toEqual({
      before: {
        esm: 'Upper-case a text',
        cjs: 'A CommonJS module',
        ts: 'Add',
        tsEsm: 'Resize an image',
      },
      after: { esm: 'esm v2', cjs: 'cjs v2', ts: 'Add', tsEsm: 'Resize an image' },
      product: { sum: 6 },
      tripled: { width: 6 },
      stillDoubled: { width: 4 },
    });
  });
});
