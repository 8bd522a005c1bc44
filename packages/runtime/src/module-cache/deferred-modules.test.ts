import { ModuleLoadError } from '@apcore-mcp/core';
import type { ModuleLike } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { Executor } from '../executor.js';
import { Registry } from '../registry.js';
import { deferModule } from './deferred-module.js';
import { DeferredModules } from './deferred-modules.js';
import { type ModuleSnapshot, snapshotModule } from './module-snapshot.js';

const greet: ModuleLike = {
  description: 'Greet',
  inputSchema: { type: 'object' },
  execute: (inputs) => ({ hello: inputs.name }),
};
const SNAPSHOT = snapshotModule(greet) as ModuleSnapshot;

/** A registry serving `greet` from its snapshot, its code imported by `importModule`. */
function deferredRegistry(importModule: () => Promise<ModuleLike>) {
  const registry = new Registry();
  const deferred = deferModule(SNAPSHOT, importModule);
  registry.register('greet', deferred.module, { file: '/ext/greet.js' });
  const modules = new DeferredModules();
  modules.add('greet', '/ext/greet.js', deferred);
  const changes: string[] = [];
  registry.on('register', (moduleId) => changes.push(`+${moduleId}`));
  registry.on('unregister', (moduleId) => changes.push(`-${moduleId}`));
  return { registry, modules, changes };
}

describe('deferModule', () => {
  it('imports once, whoever calls first, and runs the code it imported', async () => {
    let imports = 0;
    const deferred = deferModule(SNAPSHOT, async () => {
      imports += 1;
      return greet;
    });
    const registry = new Registry();
    registry.register('greet', deferred.module);
    const calls = [1, 2, 3].map(() => new Executor(registry).call('greet', { name: 'Ada' }));
    expect(await Promise.all(calls)).toEqual([1, 2, 3].map(() => ({ hello: 'Ada' })));
    expect(await deferred.load()).toBe(greet);
    expect(imports).toBe(1);
  });

  it('streams through the module it imports', async () => {
    const counter: ModuleLike = {
      description: 'Count',
      inputSchema: {},
      async *stream() {
        yield 1;
        yield 2;
      },
    };
    const deferred = deferModule(snapshotModule(counter) as ModuleSnapshot, async () => counter);
    expect(deferred.module.execute).toBeUndefined();
    const chunks: unknown[] = [];
    for await (const chunk of deferred.module.stream?.({}, {} as never) ?? []) chunks.push(chunk);
    expect(chunks).toEqual([1, 2]);
  });

  it('fails every call with the import failure', async () => {
    const failure = new ModuleLoadError({ path: '/ext/greet.js', reason: 'SyntaxError: x' });
    const deferred = deferModule(SNAPSHOT, () => Promise.reject(failure));
    await expect(deferred.module.execute?.({}, {} as never)).rejects.toBe(failure);
    await expect(deferred.module.execute?.({}, {} as never)).rejects.toBe(failure);
  });
});

describe('DeferredModules.loadAll', () => {
  it('keeps a module whose code is as described, and says nothing', async () => {
    const logger = createRecordingLogger();
    const { registry, modules, changes } = deferredRegistry(async () => greet);
    const report = await modules.loadAll(registry, logger, undefined);
    expect(report).toEqual({ imported: ['greet'], changed: [], failed: [] });
    expect(changes).toEqual([]);
    expect(modules.size).toBe(0);
  });

  it('registers again, as its code says, a module whose code declares something else', async () => {
    const logger = createRecordingLogger();
    const renamed: ModuleLike = { ...greet, description: 'Greet warmly' };
    const { registry, modules, changes } = deferredRegistry(async () => renamed);
    const report = await modules.loadAll(registry, logger, undefined);
    expect(report).toEqual({ imported: [], changed: ['greet'], failed: [] });
    expect(changes).toEqual(['-greet', '+greet']);
    expect(registry.get('greet')).toBe(renamed);
    expect(registry.fileOf('greet')).toBe('/ext/greet.js');
    expect(logger.messages('info')).toEqual([
      'Module greet declares something else than its cached descriptor: serving it as its code says',
    ]);
  });

  it('stops serving a module whose file no longer imports, logged as discovery logs it', async () => {
    const logger = createRecordingLogger();
    const failure = new ModuleLoadError({ path: '/ext/greet.js', reason: 'Error: gone' });
    const { registry, modules, changes } = deferredRegistry(() => Promise.reject(failure));
    const report = await modules.loadAll(registry, logger, undefined);
    expect(report).toEqual({
      imported: [],
      changed: [],
      failed: [{ path: '/ext/greet.js', reason: 'Error: gone' }],
    });
    expect(changes).toEqual(['-greet']);
    expect(logger.warnings()).toEqual(['Skipped module file /ext/greet.js: Error: gone']);
  });

  it('leaves alone a module replaced since discovery', async () => {
    let imports = 0;
    const { registry, modules } = deferredRegistry(async () => {
      imports += 1;
      return greet;
    });
    registry.unregister('greet');
    registry.register('greet', greet);
    const report = await modules.loadAll(registry, createRecordingLogger(), undefined);
    expect(report).toEqual({ imported: [], changed: [], failed: [] });
    expect(imports).toBe(0);
  });
});
