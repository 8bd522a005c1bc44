import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ModuleLoadError } from '@apcore-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir } from './__fixtures__/temp-dir.js';
import { loadModuleFile, pickModuleExport } from './load-module-file.js';

function moduleSource(label: string, typed = false): string {
  const returnType = typed ? ': Record<string, unknown>' : '';
  return `export default {
  description: '${label}',
  inputSchema: { type: 'object' },
  execute: ()${returnType} => ({ label: '${label}' }),
};
`;
}

describe('loadModuleFile', () => {
  let root: string;

  beforeAll(async () => {
    root = await createTempDir({ 'package.json': JSON.stringify({ type: 'module' }) });
  });

  afterAll(() => removeTempDir(root));

  it('loads a JS module by its default export', async () => {
    const path = join(root, 'plain.js');
    await writeFile(path, moduleSource('plain'));
    const module = await loadModuleFile(path);
    expect(module.description).toBe('plain');
  });

  it('reloads an edited JS file when asked for a fresh copy', async () => {
    const path = join(root, 'edited.js');
    await writeFile(path, moduleSource('first'));
    expect((await loadModuleFile(path)).description).toBe('first');
    await writeFile(path, moduleSource('second'));
    expect((await loadModuleFile(path, { fresh: true })).description).toBe('second');
  });

  it('reloads an edited TS file and the TS files it imports when asked for a fresh copy', async () => {
    const helper = join(root, 'label.ts');
    const path = join(root, 'edited.ts');
    await writeFile(helper, "export const label: string = 'one';\n");
    await writeFile(
      path,
      "import { label } from './label.ts';\nexport default { description: label, inputSchema: {}, execute: () => ({}) };\n",
    );
    expect((await loadModuleFile(path)).description).toBe('one');
    await writeFile(helper, "export const label: string = 'two';\n");
    expect((await loadModuleFile(path)).description).toBe('one');
    expect((await loadModuleFile(path, { fresh: true })).description).toBe('two');
  });

  it('reports a file that does not exist as a ModuleLoadError naming it', async () => {
    const path = join(root, 'missing.ts');
    const error = await loadModuleFile(path).catch((caught: unknown) => caught);
    expect(ModuleLoadError.isInstance(error)).toBe(true);
    expect((error as ModuleLoadError).details).toMatchObject({ path });
    expect((error as ModuleLoadError).cause).toBeInstanceOf(Error);
  });

  it('names a missing import without the loader bookkeeping (scope query, require stack)', async () => {
    const path = join(root, 'needs-missing.cts');
    await writeFile(path, "const x = require('no-such-package-here');\nexport default x;\n");
    const error = await loadModuleFile(path).catch((caught: unknown) => caught);
    expect(ModuleLoadError.isInstance(error)).toBe(true);
    const reason = (error as ModuleLoadError).details.reason;
    expect(reason).toBe("Error: Cannot find module 'no-such-package-here'");
  });

  it('reports a file without a module export', async () => {
    const path = join(root, 'nothing.ts');
    await writeFile(path, 'export const value: number = 1;\n');
    await expect(loadModuleFile(path)).rejects.toMatchObject({
      code: 'MODULE_LOAD_ERROR',
      details: { path, reason: expect.stringMatching(/exports no module/) },
    });
  });

  it('reports the exception a file throws at import, as the cause', async () => {
    const path = join(root, 'throws.js');
    await writeFile(path, "throw new RangeError('bad config');\n");
    const error = (await loadModuleFile(path).catch(
      (caught: unknown) => caught,
    )) as ModuleLoadError;
    expect(error.details.reason).toBe('RangeError: bad config');
    expect((error.cause as Error).message).toBe('bad config');
  });
});

describe('pickModuleExport', () => {
  const module = { description: 'm', inputSchema: {}, execute: () => ({}) };

  it('prefers the default export and falls back to `module`', () => {
    expect(pickModuleExport({ default: module })).toBe(module);
    expect(pickModuleExport({ module })).toBe(module);
  });

  it('unwraps a CommonJS default once', () => {
    expect(pickModuleExport({ default: { default: module } })).toBe(module);
    expect(pickModuleExport({ default: { module } })).toBe(module);
  });

  it('instantiates a module class', () => {
    class Module {
      description = 'from class';
      inputSchema = {};
      execute() {
        return {};
      }
    }
    expect(pickModuleExport({ default: Module })).toBeInstanceOf(Module);
  });

  it('explains what is wrong with a near-module', () => {
    expect(pickModuleExport({ default: { description: 'x', inputSchema: {} } })).toMatch(
      /needs an execute or a stream function/,
    );
    expect(pickModuleExport({})).toMatch(/exports no module/);
    expect(pickModuleExport(null)).toBe('exports nothing');
  });
});
