import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLayers, LAYERS } from './check-layers.mjs';

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package whose `src/` holds `files` (path -> source). */
function packageWith(files) {
  const dir = mkdtempSync(join(tmpdir(), 'check-layers-'));
  made.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', path)), { recursive: true });
    writeFileSync(join(dir, 'src', path), source);
  }
  return dir;
}

describe('check-layers', () => {
  it('passes imports that point down, and the index importing everything', async () => {
    const dir = packageWith({
      'kernel/logger.ts': 'export const logger = 1;\n',
      'tools/table.ts':
        "import { logger } from '../kernel/logger.js';\nexport const table = logger;\n",
      'lifecycle/serve.ts':
        "import { table } from '../tools/table.js';\nexport const serve = table;\n",
      'index.ts': "export { serve } from './lifecycle/serve.js';\n",
    });
    expect(await checkLayers(dir)).toEqual([]);
  });

  it('fails an import that points up, and one of a root file that is in no layer', async () => {
    const dir = packageWith({
      'kernel/logger.ts':
        "import { serve } from '../lifecycle/serve.js';\nexport const logger = serve;\n",
      'lifecycle/serve.ts': 'export const serve = 1;\n',
      'options.ts': 'export const options = 1;\n',
      'tools/table.ts': "import { options } from '../options.js';\nexport const table = options;\n",
    });
    expect((await checkLayers(dir)).sort()).toEqual([
      'src/kernel/logger.ts -> src/lifecycle/serve.ts (layer-kernel)',
      'src/tools/table.ts -> src/options.ts (layer-tools)',
    ]);
  });

  it('fails two folders of one layer list that import each other: one of them points up', async () => {
    const dir = packageWith({
      'calls/router.ts':
        "import { spans } from '../observability/spans.js';\nexport const router = spans;\n",
      'observability/spans.ts':
        "import type { router } from '../calls/router.js';\nexport const spans = 1 as unknown as typeof router;\n",
    });
    expect(await checkLayers(dir)).toEqual([
      'src/calls/router.ts -> src/observability/spans.ts (layer-calls)',
    ]);
  });

  it('names every layer once', () => {
    expect(new Set(LAYERS).size).toBe(LAYERS.length);
  });
});
