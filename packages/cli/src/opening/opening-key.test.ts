import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings/resolve-settings.js';
import { openingKey } from './opening-key.js';

let dir: string;
let extensionsDir: string;
let cacheDir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-opening-key-'));
  extensionsDir = join(dir, 'extensions');
  cacheDir = join(extensionsDir, '.apcore-mcp-cache');
  await mkdir(join(extensionsDir, '_lib'), { recursive: true });
  await writeFile(join(extensionsDir, 'greet.mjs'), 'export default {};\n');
  await writeFile(join(extensionsDir, '_lib', 'words.mjs'), 'export const word = 1;\n');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function keyOf(flags: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const resolved = await resolveSettings({
    flags: { extensionsDir, ...flags },
    io: { env, cwd: dir },
  });
  return openingKey({ resolved, extensionsDir, cacheDir });
}

describe('openingKey', () => {
  it('is the same for the same settings and files, whatever the cache directory holds', async () => {
    const key = await keyOf();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await mkdir(cacheDir);
    await writeFile(join(cacheDir, 'modules.json'), '{}');
    await mkdir(join(extensionsDir, 'node_modules', 'dep'), { recursive: true });
    await writeFile(join(extensionsDir, 'node_modules', 'dep', 'index.js'), '');
    expect(await keyOf()).toBe(key);
  });

  it('changes with any file of the directory: a module, a helper, one added', async () => {
    const keys = new Set([await keyOf()]);
    await writeFile(join(extensionsDir, 'greet.mjs'), 'export default { description: "x" };\n');
    keys.add(await keyOf());
    await writeFile(join(extensionsDir, '_lib', 'words.mjs'), 'export const word = 2;\n');
    keys.add(await keyOf());
    await writeFile(join(extensionsDir, 'README.md'), 'notes\n');
    keys.add(await keyOf());
    expect(keys.size).toBe(4);
  });

  it('changes with any setting, from a flag or a variable, and with a file a setting names', async () => {
    const keys = new Set([await keyOf()]);
    keys.add(await keyOf({ name: 'other' }));
    keys.add(await keyOf({}, { APCORE_MCP_TAGS: 'public' }));
    const acl = join(dir, 'acl.yaml');
    await writeFile(acl, 'rules: []\n');
    keys.add(await keyOf({ acl }));
    await writeFile(acl, 'rules: []\ndefault_effect: deny\n');
    keys.add(await keyOf({ acl }));
    expect(keys.size).toBe(5);
  });
});
