import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from '@apcore-mcp/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModuleFiles } from './module-files.js';

interface Record_ {
  level: string;
  message: string;
}

let rootDir: string;
let registry: Registry;
let logs: Record_[];
let files: ModuleFiles;

function moduleSource(description: string, answer: number): string {
  return `export default {
  description: ${JSON.stringify(description)},
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ answer: ${answer} }),
};\n`;
}

const record =
  (level: string) =>
  (objectOrMessage: unknown, message?: string): void => {
    logs.push({ level, message: message ?? String(objectOrMessage) });
  };

beforeEach(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'apcore-mcp-files-'));
  registry = new Registry();
  logs = [];
  const logger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  files = new ModuleFiles({ registry, rootDir, logger });
});

afterEach(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

async function answerOf(moduleId: string): Promise<unknown> {
  const module = registry.get(moduleId);
  return (await module?.execute?.({}, undefined as never)) as unknown;
}

describe('ModuleFiles', () => {
  it('loads what discovery loads and reports the files it skips', async () => {
    await mkdir(join(rootDir, 'math'));
    await mkdir(join(rootDir, '_helpers'));
    await writeFile(join(rootDir, 'math', 'add-numbers.mjs'), moduleSource('Add', 1));
    await writeFile(join(rootDir, '_helpers', 'util.mjs'), moduleSource('Not a module', 0));
    await writeFile(join(rootDir, 'notes.txt'), 'not code');
    await writeFile(join(rootDir, 'broken.mjs'), 'export default {');
    const report = await files.loadAll();
    expect(report.loaded).toEqual(['math.add_numbers']);
    expect(report.failed).toEqual([
      { path: join(rootDir, 'broken.mjs'), reason: expect.stringMatching(/\S/) },
    ]);
    expect(registry.list()).toEqual(['math.add_numbers']);
  });

  it('adds a new file, reloads a changed one fresh and removes a deleted one', async () => {
    await files.loadAll();
    const path = join(rootDir, 'answer.mjs');
    await writeFile(path, moduleSource('First', 1));
    await files.sync(path);
    expect(await answerOf('answer')).toEqual({ answer: 1 });
    await writeFile(path, moduleSource('Second', 2));
    await files.sync(path);
    expect(registry.getDefinition('answer')?.description).toBe('Second');
    expect(await answerOf('answer')).toEqual({ answer: 2 });
    await rm(path);
    await files.sync(path);
    expect(registry.list()).toEqual([]);
    expect(logs.map((entry) => entry.message)).toEqual([
      'Added module answer from answer.mjs',
      'Reloaded module answer from answer.mjs',
      'Removed module answer: answer.mjs is gone',
    ]);
  });

  it('keeps the previous version when a changed file no longer loads', async () => {
    const path = join(rootDir, 'steady.mjs');
    await writeFile(path, moduleSource('Works', 1));
    await files.loadAll();
    await writeFile(path, 'export default { description: "half-saved"');
    await files.sync(path);
    expect(registry.getDefinition('steady')?.description).toBe('Works');
    expect(logs.at(-1)).toEqual({
      level: 'error',
      message: expect.stringMatching(
        /^Could not load steady\.mjs: .+; keeping the previous version of steady$/,
      ),
    });
  });

  it('keeps the previous version when the new one claims an id another file holds', async () => {
    await writeFile(join(rootDir, 'first.mjs'), moduleSource('First', 1));
    await writeFile(join(rootDir, 'second.mjs'), moduleSource('Second', 2));
    await files.loadAll();
    await writeFile(
      join(rootDir, 'second.mjs'),
      `export default { moduleId: 'first', description: 'Clash', inputSchema: {}, execute: () => ({}) };`,
    );
    await files.sync(join(rootDir, 'second.mjs'));
    expect(registry.list()).toEqual(['first', 'second']);
    expect(registry.getDefinition('second')?.description).toBe('Second');
    expect(logs.at(-1)?.level).toBe('error');
  });

  it('ignores files that are not modules: helpers, text, editor temp files', async () => {
    await files.loadAll();
    await mkdir(join(rootDir, '_lib'));
    for (const name of ['_lib/helper.mjs', 'README.md', '.answer.mjs.swp', 'answer.mjs~']) {
      await writeFile(join(rootDir, name), moduleSource('Nope', 0));
      await files.sync(join(rootDir, name));
    }
    expect(registry.list()).toEqual([]);
  });

  it('says whether a sync added, reloaded or removed a definition', async () => {
    await writeFile(join(rootDir, 'package.json'), JSON.stringify({ type: 'module' }));
    await files.loadAll();
    const prompt = join(rootDir, 'greet.js');
    const source = (text: string) => `import { definePrompt } from '@apcore-mcp/core';
export default definePrompt({ name: 'greet', get: () => ${JSON.stringify(text)} });\n`;
    await writeFile(prompt, source('Say hello'));
    expect(await files.sync(prompt)).toBe(true);
    await writeFile(prompt, source('Say hello again'));
    expect(await files.sync(prompt)).toBe(true);
    const module = join(rootDir, 'answer.mjs');
    await writeFile(module, moduleSource('Answer', 1));
    expect(await files.sync(module)).toBe(false);
    await writeFile(prompt, 'export default { description: "half-saved"');
    expect(await files.sync(prompt)).toBe(false);
    await rm(prompt);
    expect(await files.sync(prompt)).toBe(true);
    expect(files.definitions()).toEqual([]);
  });

  it('follows directories that appear, move and disappear', async () => {
    await files.loadAll();
    await mkdir(join(rootDir, 'tools'));
    await writeFile(join(rootDir, 'tools', 'one.mjs'), moduleSource('One', 1));
    await writeFile(join(rootDir, 'tools', 'two.mjs'), moduleSource('Two', 2));
    await files.sync(join(rootDir, 'tools'));
    expect(registry.list()).toEqual(['tools.one', 'tools.two']);
    await rename(join(rootDir, 'tools'), join(rootDir, 'kit'));
    await files.sync(join(rootDir, 'tools'));
    await files.sync(join(rootDir, 'kit'));
    expect(registry.list()).toEqual(['kit.one', 'kit.two']);
    await rm(join(rootDir, 'kit'), { recursive: true });
    await files.sync(join(rootDir, 'kit'));
    expect(registry.list()).toEqual([]);
  });
});
