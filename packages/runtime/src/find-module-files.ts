import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** Extensions of the files discovery loads. */
export const MODULE_FILE_EXTENSIONS: readonly string[] = Object.freeze([
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.mts',
]);

/** Whether discovery skips a directory entry by its name alone. */
function isIgnoredName(name: string): boolean {
  return name.startsWith('_') || name.startsWith('.') || name === 'node_modules';
}

/** Whether a file name names a module file (not a declaration file, not a test). */
export function isModuleFileName(name: string): boolean {
  if (isIgnoredName(name)) return false;
  if (!MODULE_FILE_EXTENSIONS.includes(extname(name))) return false;
  if (/\.d\.[cm]?ts$/.test(name)) return false;
  return !/\.(test|spec)\.[^.]+$/.test(name);
}

async function classify(path: string): Promise<'file' | 'directory' | 'other'> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return 'directory';
    return info.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * Every module file below `rootDir`, sorted, recursing into sub-directories. Skipped: names
 * starting with `_` or `.`, `node_modules`, declaration files (`.d.ts`) and tests
 * (`*.test.*`, `*.spec.*`). Symbolic links are followed once (a link cycle is not re-entered).
 */
export async function findModuleFiles(rootDir: string): Promise<string[]> {
  const files: string[] = [];
  const visited = new Set<string>();
  const walk = async (directory: string): Promise<void> => {
    const real = await realpath(directory);
    if (visited.has(real)) return;
    visited.add(real);
    const entries = await readdir(directory, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (isIgnoredName(entry.name)) continue;
      const path = join(directory, entry.name);
      // The entry's own type spares a stat per file (a thousand modules, a thousand stats);
      // only a link needs one, to learn what it points to.
      const kind = entry.isSymbolicLink() ? await classify(path) : kindOf(entry);
      if (kind === 'directory') await walk(path);
      else if (kind === 'file' && isModuleFileName(entry.name)) files.push(path);
    }
  };
  await walk(rootDir);
  return files;
}

function kindOf(entry: Dirent): 'file' | 'directory' | 'other' {
  if (entry.isDirectory()) return 'directory';
  return entry.isFile() ? 'file' : 'other';
}
