import { join } from 'node:path';
import { isDefinition } from '@apcore-mcp/core/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, removeTempDir, writeFiles } from './__fixtures__/temp-dir.js';
import { loadModuleFile } from './load-module-file.js';
import { Registry } from './registry.js';

// Definition files import core as any extensions directory does: by its package name. (In
// JavaScript: vitest resolves that to core's source; a TypeScript file would load its build.)
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ type: 'module' }),
  'greet.js': `export default {
  description: 'Greet',
  inputSchema: { type: 'object' },
  execute: () => ({ hi: true }),
};
`,
  'resources/readme.js': `import { defineResource } from '@apcore-mcp/core';
export default defineResource({ uri: 'docs://readme', name: 'readme', read: () => 'Read me' });
`,
  'resources/user.js': `import { defineResourceTemplate } from '@apcore-mcp/core';
export default defineResourceTemplate({
  uriTemplate: 'users://{id}',
  name: 'user',
  read: ({ id }) => 'user ' + id,
});
`,
  'resources/broken.js': `import { defineResource } from '@apcore-mcp/core';
export default defineResource({ uri: 'no scheme', name: 'broken', read: () => '' });
`,
};

describe('Registry.discover with definition files', () => {
  let root: string;

  beforeAll(async () => {
    root = await createTempDir(FILES);
  });

  afterAll(() => removeTempDir(root));

  it('lists resources and templates by path, registers the modules, reports a bad definition', async () => {
    const registry = new Registry({ extensionsDir: root });
    const report = await registry.discoverDetailed();

    expect(report.loaded).toEqual(['greet']);
    expect(registry.list()).toEqual(['greet']);
    expect(report.definitions.map(({ path, definition }) => [path, definition.kind])).toEqual([
      [join(root, 'resources/readme.js'), 'resource'],
      [join(root, 'resources/user.js'), 'resourceTemplate'],
    ]);
    expect(report.failed).toEqual([
      {
        path: join(root, 'resources/broken.js'),
        reason: expect.stringContaining(
          'defineResource: uri must be an absolute URI with a scheme',
        ),
      },
    ]);
    const [readme] = registry.definitions;
    expect(isDefinition(readme, 'resource') && readme.uri).toBe('docs://readme');
  });

  it('finds a new definition file on a later run, never the known ones twice', async () => {
    const registry = new Registry({ extensionsDir: root });
    await registry.discover();
    await writeFiles(root, {
      'late.js': `import { defineResource } from '@apcore-mcp/core';
export default defineResource({ uri: 'docs://late', name: 'late', read: () => 'late' });
`,
    });
    const second = await registry.discoverDetailed();
    expect(second.definitions.map(({ path }) => path)).toEqual([join(root, 'late.js')]);
    expect(registry.definitions).toHaveLength(3);
  });

  it('refuses a definition file where a module is expected, saying what it exports', async () => {
    await expect(loadModuleFile(join(root, 'resources/readme.js'))).rejects.toThrow(
      'exports a resource definition, not a module',
    );
  });
});
