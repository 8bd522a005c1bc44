import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packagesRoot = join(serverRoot, '..');
const repositoryRoot = join(packagesRoot, '..');

/** The packages a spawned server imports at run time, from their built `dist`. */
const RUNTIME_PACKAGES = ['core', 'schema', 'annotations', 'errors', 'server'];

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(name: string): boolean {
  const built = join(packagesRoot, name, 'dist', 'index.js');
  if (!existsSync(built)) return true;
  return newestSourceTime(join(packagesRoot, name, 'src')) > statSync(built).mtimeMs;
}

/**
 * Spawned servers run the built packages, so make sure `dist` is there and newer than the
 * sources (turbo's `test` task builds first; a direct `vitest` run may not have).
 */
export function ensureBuilt(): void {
  if (!RUNTIME_PACKAGES.some(isStale)) return;
  execFileSync('pnpm', ['turbo', 'run', 'build', '--filter', '@apcore-mcp/server...'], {
    cwd: repositoryRoot,
    stdio: 'ignore',
    timeout: 180_000,
  });
}

/** Absolute path of a file under `test/fixtures`. */
export function fixturePath(name: string): string {
  return join(serverRoot, 'test', 'fixtures', name);
}

/** The server package directory (where spawned fixtures resolve their imports from). */
export const SERVER_ROOT = serverRoot;
