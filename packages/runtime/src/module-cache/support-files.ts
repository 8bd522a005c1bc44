import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Directories whose files never shape a module's descriptor. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/**
 * One hash over the files of the extensions directory that are not module files (helpers in
 * `_lib/`, shared schemas, JSON data), by path, size and mtime. A module's descriptor may come
 * from them, and the cache keys each entry on its own module file only: when any of them
 * changes, every entry is made again.
 *
 * @example
 * ```ts
 * const support = await fingerprintSupportFiles('/app/extensions', modulePaths, cacheDir);
 * ```
 */
export async function fingerprintSupportFiles(
  rootDir: string,
  modulePaths: readonly string[],
  cacheDir: string,
): Promise<string> {
  const modules = new Set(modulePaths);
  const lines: string[] = [];
  const walk = async (directory: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && path !== cacheDir) await walk(path);
      } else if (entry.isFile() && !modules.has(path)) {
        const info = await stat(path).catch(() => null);
        if (info !== null) {
          lines.push(
            `${relative(rootDir, path).split(sep).join('/')} ${info.size} ${info.mtimeMs}`,
          );
        }
      }
    }
  };
  await walk(rootDir);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}
