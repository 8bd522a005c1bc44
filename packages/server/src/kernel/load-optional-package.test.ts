import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOptionalPackage, MissingPackageError } from './load-optional-package.js';

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('loadOptionalPackage', () => {
  it('names the option and the install line when the package is missing', async () => {
    const name = '@apcore-mcp/not-a-real-package';
    const loading = loadOptionalPackage(name, 'the frobnicate option', () => import(name));
    const error = await loading.catch((thrown: unknown) => thrown);
    expect(MissingPackageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'MISSING_PACKAGE',
      packageName: name,
      details: { packageName: name, feature: 'the frobnicate option' },
    });
    await expect(loading).rejects.toThrow(
      'the frobnicate option needs the @apcore-mcp/not-a-real-package package: npm install @apcore-mcp/not-a-real-package',
    );
  });

  it('rethrows what an installed package throws while loading', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'optional-package-'));
    made.push(directory);
    const file = join(directory, 'broken.mjs');
    // The package is there; one of its own imports is not: that is not "install the package".
    writeFileSync(file, "import 'some-dependency-it-lacks';\n");
    const loading = loadOptionalPackage(
      '@apcore-mcp/broken',
      'the broken option',
      () => import(pathToFileURL(file).href),
    );
    await expect(loading).rejects.toThrow(/some-dependency-it-lacks/);
    expect(MissingPackageError.isInstance(await loading.catch((thrown: unknown) => thrown))).toBe(
      false,
    );
  });

  it('returns the module when it loads', async () => {
    const path = await loadOptionalPackage(
      'node:path',
      'the path option',
      () => import('node:path'),
    );
    expect(path.join('a', 'b')).toBe(join('a', 'b'));
  });
});
