import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigNotFoundError } from '@apcore-mcp/core';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKEN_MODULE_FILES,
  GOOD_MODULE_FILES,
  GOOD_MODULE_IDS,
  IGNORED_FILES,
} from './__fixtures__/extensions.js';
import { createTempDir, removeTempDir } from './__fixtures__/temp-dir.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('Registry.discover', () => {
  let root: string;

  beforeAll(async () => {
    const broken = Object.fromEntries(
      Object.entries(BROKEN_MODULE_FILES).map(([path, { content }]) => [path, content]),
    );
    root = await createTempDir({ ...GOOD_MODULE_FILES, ...broken, ...IGNORED_FILES });
  });

  afterAll(() => removeTempDir(root));

  it('loads every good module, JS and TS, nested, and reports each broken file', async () => {
    const logger = createRecordingLogger();
    const registry = new Registry({ extensionsDir: root, logger });
    const report = await registry.discoverDetailed();

    expect([...report.loaded].sort()).toEqual(GOOD_MODULE_IDS);
    expect(registry.list()).toEqual(GOOD_MODULE_IDS);
    const failedPaths = report.failed.map((failure) => failure.path).sort();
    expect(failedPaths).toEqual(
      Object.keys(BROKEN_MODULE_FILES)
        .map((path) => join(root, path))
        .sort(),
    );
    for (const [path, { reason }] of Object.entries(BROKEN_MODULE_FILES)) {
      const failure = report.failed.find((entry) => entry.path === join(root, path));
      expect(failure?.reason, path).toMatch(reason);
    }
    expect(registry.lastDiscovery).toBe(report);

    const warnings = logger.at('warn');
    expect(warnings).toHaveLength(report.failed.length);
    for (const warning of warnings) {
      expect(warning.object).toEqual({ path: expect.any(String), reason: expect.any(String) });
      expect(warning.message).toMatch(/^Skipped module file /);
    }
  });

  it('resolves to the number of modules loaded', async () => {
    const registry = new Registry({ extensionsDir: root });
    expect(await registry.discover()).toBe(GOOD_MODULE_IDS.length);
    expect(registry.count).toBe(GOOD_MODULE_IDS.length);
  });

  it('registers modules that run, including a TS module importing another TS file', async () => {
    const registry = new Registry({ extensionsDir: root });
    await registry.discover();
    const executor = new Executor(registry);
    expect(await executor.call('image.resize', { width: 21 })).toEqual({ width: 42 });
    expect(await executor.call('text.upper', { text: 'abc' })).toEqual({ text: 'ABC' });
    expect(await executor.call('text.lower', { text: 'ABC' })).toEqual({ text: 'abc' });
    expect(await executor.call('legacy', {})).toEqual({ legacy: true });
    expect(await executor.call('class_module', {})).toEqual({ fromClass: true });
    expect(await executor.call('tools.custom_name', {})).toEqual({ named: true });
    expect(registry.getDefinition('image.resize')?.description).toBe('Resize an image');
  });

  it('never loads ignored files', async () => {
    const registry = new Registry({ extensionsDir: root });
    const report = await registry.discoverDetailed();
    const touched = [...report.failed.map((failure) => failure.path)];
    for (const path of Object.keys(IGNORED_FILES)) expect(touched).not.toContain(join(root, path));
  });

  it('loads only what is new when run again, keeping the registered modules', async () => {
    const registry = new Registry({ extensionsDir: root });
    await registry.discover();
    const before = registry.get('text.upper');
    const again = await registry.discoverDetailed();
    expect(again.loaded).toEqual([]);
    expect(again.failed.map((failure) => failure.path).sort()).toEqual(
      Object.keys(BROKEN_MODULE_FILES)
        .map((path) => join(root, path))
        .sort(),
    );
    expect(registry.get('text.upper')).toBe(before);
  });

  it('loads a file again once its module was unregistered', async () => {
    const registry = new Registry({ extensionsDir: root });
    await registry.discover();
    registry.unregister('image.resize');
    expect((await registry.discoverDetailed()).loaded).toEqual(['image.resize']);
  });

  it('tells the file each module was loaded from, until it is unregistered', async () => {
    const registry = new Registry({ extensionsDir: root });
    await registry.discover();
    expect(registry.fileOf('image.resize')).toBe(join(root, 'image/resize.ts'));
    registry.unregister('image.resize');
    expect(registry.fileOf('image.resize')).toBeNull();
    registry.register('in_code', { description: 'x', inputSchema: {}, execute: () => ({}) });
    expect(registry.fileOf('in_code')).toBeNull();
  });

  it('loads an empty directory as zero modules', async () => {
    const empty = await createTempDir();
    try {
      const registry = new Registry({ extensionsDir: empty });
      expect(await registry.discoverDetailed()).toEqual({
        loaded: [],
        failed: [],
        definitions: [],
      });
    } finally {
      await removeTempDir(empty);
    }
  });

  it('refuses a missing directory, naming it', async () => {
    const missing = join(root, 'does-not-exist');
    const registry = new Registry({ extensionsDir: missing });
    const error = await registry.discover().catch((caught: unknown) => caught);
    expect(ConfigNotFoundError.isInstance(error)).toBe(true);
    expect((error as ConfigNotFoundError).message).toBe(
      `Extensions directory not found: ${missing}`,
    );
    expect((error as ConfigNotFoundError).details).toEqual({ path: missing });
  });

  it('refuses a file given as the directory', async () => {
    const file = join(root, 'README.md');
    const registry = new Registry({ extensionsDir: file });
    await expect(registry.discover()).rejects.toThrow(
      `Extensions path is not a directory: ${file}`,
    );
  });

  it('refuses to discover without a directory', async () => {
    await expect(new Registry().discover()).rejects.toMatchObject({ code: 'CONFIG_NOT_FOUND' });
  });

  it('resolves a relative directory against the working directory', async () => {
    const registry = new Registry({ extensionsDir: join(root, 'text', '..', 'text') });
    const report = await registry.discoverDetailed();
    expect(report.loaded.sort()).toEqual(['lower', 'upper']);
  });

  it('tells register listeners about discovered modules', async () => {
    const dir = await createTempDir({
      'package.json': JSON.stringify({ type: 'module' }),
      'one.js': "export default { description: 'one', inputSchema: {}, execute: () => ({}) };\n",
    });
    try {
      const registry = new Registry({ extensionsDir: dir });
      const seen: string[] = [];
      registry.on('register', (moduleId) => seen.push(moduleId));
      await registry.discover();
      expect(seen).toEqual(['one']);
      await writeFile(
        join(dir, 'two.js'),
        "export default { description: 'two', inputSchema: {}, execute: () => ({}) };\n",
      );
      await registry.discover();
      expect(seen).toEqual(['one', 'two']);
    } finally {
      await removeTempDir(dir);
    }
  });
});

describe('Registry.discover with files loading side by side', () => {
  let root: string;

  /** A module file declaring `moduleId`, whose loading takes `delayMs` (top-level await). */
  function slowModuleFile(moduleId: string, answer: string, delayMs: number): string {
    return [
      `await new Promise((resolve) => setTimeout(resolve, ${delayMs}));`,
      'export default {',
      `  moduleId: ${JSON.stringify(moduleId)},`,
      "  description: 'answers which file it came from',",
      '  inputSchema: {},',
      `  execute: () => ({ from: ${JSON.stringify(answer)} }),`,
      '};',
      '',
    ].join('\n');
  }

  beforeAll(async () => {
    // The first file in file order loads last: it must still be the one that wins the id.
    const files: Record<string, string> = {
      'a_first.js': slowModuleFile('shared.id', 'a_first', 150),
      'b_second.js': slowModuleFile('shared.id', 'b_second', 0),
    };
    for (let index = 0; index < 40; index += 1) {
      const name = `c_many_${String(index).padStart(2, '0')}`;
      files[`${name}.js`] = slowModuleFile(`many.m${index}`, name, (index * 7) % 20);
    }
    root = await createTempDir(files);
  });

  afterAll(() => removeTempDir(root));

  it('registers in file order whatever order the files finish loading in', async () => {
    const registry = new Registry({ extensionsDir: root });
    const report = await registry.discoverDetailed();
    const many = Array.from({ length: 40 }, (_, index) => `many.m${index}`);
    expect(report.loaded).toEqual(['shared.id', ...many]);
    expect(report.failed).toEqual([
      { path: join(root, 'b_second.js'), reason: expect.stringMatching(/shared\.id/) },
    ]);
    const executor = new Executor(registry);
    expect(await executor.call('shared.id', {})).toEqual({ from: 'a_first' });
  });
});
