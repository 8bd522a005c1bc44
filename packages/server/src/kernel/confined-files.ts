import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UnreadableFileError } from './unreadable-file-error.js';

/** What `open` and `realpath` answer for a path that names no file to read. */
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'ENAMETOOLONG']);

/**
 * The files of one folder, read so that nothing outside it is ever served, whatever is swapped
 * in after this was made (a folder on the path replaced by a symlink to elsewhere, a file by a
 * FIFO). See {@link confineFiles}.
 *
 * @example
 * ```ts
 * const files: ConfinedFiles = confineFiles('./skills');
 * const bytes = await files.read('notes/refs/NOTE.md');
 * ```
 */
export interface ConfinedFiles {
  /** The folder, as an absolute path. */
  readonly dir: string;
  /**
   * The bytes of the regular file at `path` (relative to {@link dir}, or absolute inside it).
   *
   * @throws {UnreadableFileError} when there is no such file, it is no regular file, or the file
   *   it names lies outside the folder.
   * @throws the system's error for any other failure (a file the server may not read, say).
   */
  read(path: string): Promise<Buffer>;
}

/**
 * Confines reads to `dir`, whose real path is taken now: the folder itself is the operator's
 * choice, what lies below it may change later. Each read opens the file, then checks that the
 * file it opened is the one its path's real path names, and that this real path lies inside the
 * folder's. The bytes come from that opened descriptor, so a swap between the check and the read
 * changes nothing: a file reached through a symlink to elsewhere has another real path, and one
 * swapped in after the open has another identity (device and inode).
 *
 * @example
 * ```ts
 * const files = confineFiles('/srv/skills');
 * await files.read('notes/SKILL.md');
 * ```
 */
export function confineFiles(dir: string): ConfinedFiles {
  const base = resolve(dir);
  // A folder missing now has nothing to read; the rejection is kept as `undefined`.
  const realBase = realpath(base).catch(() => undefined);
  return {
    dir: base,
    async read(path) {
      const full = resolve(base, path);
      if (!isInside(base, full)) throw new UnreadableFileError({ path: full, reason: 'outside' });
      const root = await realBase;
      if (root === undefined) throw new UnreadableFileError({ path: full, reason: 'missing' });
      const handle = await openForReading(full);
      try {
        const opened = await handle.stat();
        if (!opened.isFile()) throw new UnreadableFileError({ path: full, reason: 'not-a-file' });
        await checkOpenedInside(full, opened, root);
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },
  };
}

async function openForReading(path: string): Promise<FileHandle> {
  try {
    // Non-blocking: a FIFO put in place of the file must not hold the read until a writer comes.
    return await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw toUnreadable(error, path);
  }
}

/** Throws unless the file opened at `path` is the file its real path names, inside `root`. */
async function checkOpenedInside(path: string, opened: Stats, root: string): Promise<void> {
  let real: string;
  let named: Stats;
  try {
    real = await realpath(path);
    named = await stat(real);
  } catch (error) {
    throw toUnreadable(error, path);
  }
  const same = named.dev === opened.dev && named.ino === opened.ino;
  if (!same || !isInside(root, real)) {
    throw new UnreadableFileError({ path, reason: 'outside', realPath: real });
  }
}

/** `error` as an {@link UnreadableFileError} when it says there is no file; else as it is. */
function toUnreadable(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code !== undefined && MISSING_CODES.has(code)
    ? new UnreadableFileError({ path, reason: 'missing', cause: error })
    : error;
}

/** Whether `path` lies below `root` (both absolute and normalized). */
function isInside(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest !== '' && !isAbsolute(rest) && rest.split(sep)[0] !== '..';
}
