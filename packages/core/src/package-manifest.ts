import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version a directory's package.json names, if it has one that does. */
function readVersionIn(dir: string): string | undefined {
  const manifestPath = join(dir, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : undefined;
}

/** The nearest package above a module whose package.json names a version: its directory and version. */
function findPackage(moduleUrl: string): { dir: string; version: string } {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const version = readVersionIn(dir);
    if (version !== undefined) return { dir, version };
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json with a version above ${moduleUrl}`);
    dir = parent;
  }
}

/**
 * The directory of the package a module belongs to: the nearest one above it whose
 * package.json names a version. Found by walking up rather than by a fixed `../` path, so the
 * answer does not depend on where the build put the module (`src/`, `dist/`, or a chunk the
 * build bundled into `dist/chunks/`).
 *
 * @example
 * ```ts
 * const root = findPackageDir(import.meta.url); // '/app/node_modules/@apcore-mcp/runtime'
 * ```
 *
 * @throws {Error} when no package.json with a string `version` lies above the module.
 */
export function findPackageDir(moduleUrl: string): string {
  return findPackage(moduleUrl).dir;
}

/**
 * The version of the package a module belongs to (see {@link findPackageDir}).
 *
 * @example
 * ```ts
 * const version = readPackageVersion(import.meta.url); // '0.1.0'
 * ```
 *
 * @throws {Error} when no package.json with a string `version` lies above the module.
 */
export function readPackageVersion(moduleUrl: string): string {
  return findPackage(moduleUrl).version;
}
