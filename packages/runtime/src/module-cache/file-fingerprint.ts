import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** What `stat` says of a file: any write to it moves its `ctimeMs`, which no tool can set back. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/**
 * What a module file was when it was read: a cached descriptor is used only for a file that is
 * still this one.
 */
export interface FileFingerprint extends FileStamp {
  /** SHA-256 of the content, hex. */
  hash: string;
  /** When the content was hashed (ms since the epoch). */
  hashedAt: number;
}

/**
 * How long after a file's last change its stamp starts to vouch for its content: longer than
 * the coarsest timestamps a file system keeps (FAT's 2 s), so a write in the same tick as the
 * hash, which would leave the times as they were, is never missed. A file changed closer to its
 * hashing is hashed again at every lookup until the cache is rewritten.
 */
const SETTLE_MS = 3000;

/**
 * The stamp of the file at `path`.
 *
 * @throws when the file cannot be stat'ed.
 *
 * @example
 * ```ts
 * const stamp = stampFile('/app/extensions/greet.js');
 * ```
 */
export function stampFile(path: string): FileStamp {
  const { size, mtimeMs, ctimeMs, ino } = statSync(path);
  return { size, mtimeMs, ctimeMs, ino };
}

/**
 * The fingerprint of the file at `path`, its content read and hashed.
 *
 * @throws when the file cannot be read.
 *
 * @example
 * ```ts
 * const print = fingerprintFile('/app/extensions/greet.js');
 * ```
 */
export function fingerprintFile(path: string, stamp: FileStamp = stampFile(path)): FileFingerprint {
  // Synchronous: a start may read many module files here before serving anything, and a
  // thousand small reads through the thread pool took several times as long.
  const content = readFileSync(path);
  return {
    ...stamp,
    hash: createHash('sha256').update(content).digest('hex'),
    hashedAt: Date.now(),
  };
}

/**
 * Whether `stamp` shows the very file `print` was taken of, without reading it: the same size,
 * times and inode, and the file had settled (see {@link SETTLE_MS}) when it was hashed. Reading
 * only a stamp is what lets a start with a thousand unchanged module files skip reading them.
 *
 * @example
 * ```ts
 * const unchanged = stampVouchesFor(stampFile(path), cachedPrint);
 * ```
 */
export function stampVouchesFor(stamp: FileStamp, print: FileFingerprint): boolean {
  return (
    stamp.size === print.size &&
    stamp.mtimeMs === print.mtimeMs &&
    stamp.ctimeMs === print.ctimeMs &&
    stamp.ino === print.ino &&
    Math.max(print.mtimeMs, print.ctimeMs) + SETTLE_MS < print.hashedAt
  );
}
