import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, LAYERS } from './check-layers.mjs';

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository whose files are `files` (path from its root -> source). */
function repositoryWith(files) {
  const dir = mkdtempSync(join(tmpdir(), 'check-layers-'));
  made.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

/** `files` as the server package's sources (path under `packages/server/src/` -> source). */
function serverWith(files) {
  return Object.fromEntries(
    Object.entries(files).map(([path, source]) => [`packages/server/src/${path}`, source]),
  );
}

describe('check-layers', () => {
  it('passes imports that point down, features apart, their list, and the index', async () => {
    const root = repositoryWith({
      ...serverWith({
        'kernel/logger.ts': 'export const logger = 1;\n',
        'tools/table.ts':
          "import { logger } from '../kernel/logger.js';\nexport const table = logger;\n",
        'features/prompts/prompts-feature.ts':
          "import { table } from '../../tools/table.js';\nimport { helper } from './helper.js';\nexport const prompts = table + helper;\n",
        'features/prompts/helper.ts':
          "import type { logger } from '../../kernel/logger.js';\nexport const helper = 2 as typeof logger;\n",
        'features/tasks/tasks-feature.ts': 'export const tasks = 3;\n',
        'features/feature-list.ts':
          "import { prompts } from './prompts/prompts-feature.js';\nimport { tasks } from './tasks/tasks-feature.js';\nexport const features = [prompts, tasks];\n",
        'lifecycle/serve.ts':
          "import { features } from '../features/feature-list.js';\nexport const serve = features;\n",
        'index.ts': "export { serve } from './lifecycle/serve.js';\n",
      }),
      'packages/runtime/src/executor.ts':
        "import { Context } from './context.js';\nexport const executor = new Context();\n",
      'packages/runtime/src/context.ts': 'export class Context {}\n',
    });
    expect(await checkImports(root)).toEqual([]);
  });

  it('fails an import that points up, and one of a root file that is in no layer', async () => {
    const root = repositoryWith(
      serverWith({
        'kernel/logger.ts':
          "import { serve } from '../lifecycle/serve.js';\nexport const logger = serve;\n",
        'lifecycle/serve.ts': 'export const serve = 1;\n',
        'options.ts': 'export const options = 1;\n',
        'tools/table.ts':
          "import { options } from '../options.js';\nexport const table = options;\n",
      }),
    );
    expect((await checkImports(root)).sort()).toEqual([
      'packages/server/src/kernel/logger.ts -> packages/server/src/lifecycle/serve.ts (layer-kernel)',
      'packages/server/src/tools/table.ts -> packages/server/src/options.ts (layer-tools)',
    ]);
  });

  it('fails two folders of one layer list that import each other: one of them points up', async () => {
    const root = repositoryWith(
      serverWith({
        'calls/router.ts':
          "import { pipeline } from '../requests/pipeline.js';\nexport const router = pipeline;\n",
        'requests/pipeline.ts': 'export const pipeline = 1;\n',
      }),
    );
    expect(await checkImports(root)).toEqual([
      'packages/server/src/calls/router.ts -> packages/server/src/requests/pipeline.ts (layer-calls)',
    ]);
  });

  it('fails a feature that imports another feature, even for a type', async () => {
    const root = repositoryWith(
      serverWith({
        'features/tasks/tasks-feature.ts':
          "import type { Prompt } from '../prompts/prompt.js';\nexport const tasks: Prompt[] = [];\n",
        'features/prompts/prompt.ts': 'export interface Prompt { name: string }\n',
      }),
    );
    expect(await checkImports(root)).toEqual([
      'packages/server/src/features/tasks/tasks-feature.ts -> packages/server/src/features/prompts/prompt.ts (feature-alone)',
    ]);
  });

  it('fails a feature that imports the feature list', async () => {
    const root = repositoryWith(
      serverWith({
        'features/feature-list.ts':
          "import { tasks } from './tasks/tasks-feature.js';\nexport const features = [tasks];\nexport const names = ['tasks'];\n",
        'features/tasks/tasks-feature.ts': 'export const tasks = 1;\n',
        'features/tasks/task-names.ts':
          "import { names } from '../feature-list.js';\nexport const taskNames = names;\n",
      }),
    );
    expect(await checkImports(root)).toEqual([
      'packages/server/src/features/tasks/task-names.ts -> packages/server/src/features/feature-list.ts (feature-alone)',
    ]);
  });

  it('fails a feature under a layer above it, as any other folder', async () => {
    const root = repositoryWith(
      serverWith({
        'features/tasks/tasks-feature.ts':
          "import { serve } from '../../lifecycle/serve.js';\nexport const tasks = serve;\n",
        'lifecycle/serve.ts': 'export const serve = 1;\n',
      }),
    );
    expect(await checkImports(root)).toEqual([
      'packages/server/src/features/tasks/tasks-feature.ts -> packages/server/src/lifecycle/serve.ts (layer-features)',
    ]);
  });

  it('fails two files of one folder that import each other, once, in any package', async () => {
    const root = repositoryWith({
      'packages/runtime/src/executor.ts':
        "import { Context } from './context.js';\nexport class Executor {\n  context = new Context();\n}\n",
      // Type-only: gone from the JavaScript, still a cycle between the files.
      'packages/runtime/src/context.ts':
        "import type { Executor } from './executor.js';\nexport class Context {\n  executor: Executor | null = null;\n}\n",
    });
    expect(await checkImports(root)).toEqual([
      'packages/runtime/src/context.ts -> executor.ts -> context.ts',
    ]);
  });

  it('fails a cycle through nested folders, named from the package sources', async () => {
    const root = repositoryWith(
      serverWith({
        'calls/governance.ts':
          "import type { Call } from './pipeline/call.js';\nexport const SUBJECT = 'a';\nexport type Governed = Call;\n",
        'calls/pipeline/call.ts':
          "import { SUBJECT } from '../governance.js';\nexport class Call {\n  subject = SUBJECT;\n}\n",
      }),
    );
    expect(await checkImports(root)).toEqual([
      'packages/server/src/calls/governance.ts -> calls/pipeline/call.ts -> calls/governance.ts',
    ]);
  });

  it('names every layer once, features between their API and the options', () => {
    expect(new Set(LAYERS).size).toBe(LAYERS.length);
    expect(LAYERS.indexOf('feature-api')).toBe(LAYERS.indexOf('transports') + 1);
    expect(LAYERS.indexOf('features')).toBe(LAYERS.indexOf('feature-api') + 1);
    expect(LAYERS.indexOf('options')).toBe(LAYERS.indexOf('features') + 1);
  });
});
