import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/**
 * What a module file is right now: a cached descriptor is used only for a file whose every
 * part matches. The content hash catches an edit that kept the size within the timestamp's
 * granularity; size and mtime alone would serve it stale.
 */
export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  /** SHA-256 of the content, hex. */
  hash: string;
}

/**
 * The fingerprint of the file at `path`.
 *
 * @example
 * ```ts
 * const print = await fingerprintFile('/app/extensions/greet.js');
 * ```
 */
export async function fingerprintFile(path: string): Promise<FileFingerprint> {
  const [info, content] = await Promise.all([stat(path), readFile(path)]);
  return {
    size: info.size,
    mtimeMs: info.mtimeMs,
    hash: createHash('sha256').update(content).digest('hex'),
  };
}

/** Whether two fingerprints name the same file content. */
export function sameFingerprint(a: FileFingerprint, b: FileFingerprint): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.hash === b.hash;
}
