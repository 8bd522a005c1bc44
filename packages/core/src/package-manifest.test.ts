import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPackageDir, readPackageVersion } from './package-manifest.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'apcore-mcp-package-manifest-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A module file at `relativePath` under `root`, as its `import.meta.url`. */
async function moduleAt(relativePath: string): Promise<string> {
  const path = join(root, relativePath);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'export {};\n');
  return pathToFileURL(path).href;
}

describe('findPackageDir and readPackageVersion', () => {
  it('find the package of a module however deep the build put it', async () => {
    await writeFile(join(root, 'package.json'), '{ "name": "pkg", "version": "1.2.3" }');
    for (const file of ['src/kernel/a.ts', 'dist/index.js', 'dist/chunks/chunk-AB12.js']) {
      const url = await moduleAt(file);
      expect(findPackageDir(url)).toBe(root);
      expect(readPackageVersion(url)).toBe('1.2.3');
    }
  });

  it('pass over a package.json without a version, such as a type marker', async () => {
    await writeFile(join(root, 'package.json'), '{ "name": "pkg", "version": "2.0.0" }');
    await mkdir(join(root, 'dist'));
    await writeFile(join(root, 'dist', 'package.json'), '{ "type": "module" }');
    expect(readPackageVersion(await moduleAt('dist/index.js'))).toBe('2.0.0');
  });

  it('throw, naming the module, when no package above it has a version', async () => {
    const url = pathToFileURL('/no-package-here.js').href;
    expect(() => findPackageDir(url)).toThrow(/No package\.json with a version above/);
  });
});
