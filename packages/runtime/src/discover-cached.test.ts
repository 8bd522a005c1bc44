import { createRecordingLogger } from '@apcore-mcp/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_MODULE_FILES, GOOD_MODULE_IDS } from './__fixtures__/extensions.js';
import { createTempDir, removeTempDir } from './__fixtures__/temp-dir.js';
import { Executor } from './executor.js';
import { Registry } from './registry.js';

describe('Registry.discover with the module cache', () => {
  let root: string;

  beforeEach(async () => {
    root = await createTempDir(GOOD_MODULE_FILES);
  });

  afterEach(() => removeTempDir(root));

  it('registers unchanged files from the cache, as their code would', async () => {
    const first = new Registry({ extensionsDir: root, moduleCache: true });
    const firstReport = await first.discoverDetailed();
    expect(firstReport.cached).toBeUndefined();

    const second = new Registry({ extensionsDir: root, moduleCache: true });
    const report = await second.discoverDetailed();
    expect([...report.loaded].sort()).toEqual(GOOD_MODULE_IDS);
    expect([...(report.cached ?? [])].sort()).toEqual(GOOD_MODULE_IDS);
    for (const moduleId of GOOD_MODULE_IDS) {
      expect(second.getDefinition(moduleId), moduleId).toEqual(first.getDefinition(moduleId));
      expect(second.fileOf(moduleId)).toBe(first.fileOf(moduleId));
    }
    // The code is imported by the first call.
    expect(await new Executor(second).call('text.upper', { text: 'ada' })).toEqual({
      text: 'ADA',
    });
  });

  it('imports the cached modules in the background, each found as it was described', async () => {
    await new Registry({ extensionsDir: root, moduleCache: true }).discover();
    const logger = createRecordingLogger();
    const registry = new Registry({ extensionsDir: root, moduleCache: true, logger });
    await registry.discover();
    const changes: string[] = [];
    registry.on('register', (moduleId) => changes.push(`+${moduleId}`));
    registry.on('unregister', (moduleId) => changes.push(`-${moduleId}`));

    const report = await registry.loadDeferred();
    expect([...report.imported].sort()).toEqual(GOOD_MODULE_IDS);
    expect(report).toMatchObject({ changed: [], failed: [] });
    expect(changes).toEqual([]);
    expect(logger.warnings()).toEqual([]);
    // Once done, nothing is left to import.
    expect(await registry.loadDeferred()).toEqual({ imported: [], changed: [], failed: [] });
  });

  it('imports every file at each discovery without the cache option', async () => {
    await new Registry({ extensionsDir: root, moduleCache: true }).discover();
    const report = await new Registry({ extensionsDir: root }).discoverDetailed();
    expect(report.cached).toBeUndefined();
    expect(await new Registry({ extensionsDir: root }).loadDeferred()).toEqual({
      imported: [],
      changed: [],
      failed: [],
    });
  });
});
