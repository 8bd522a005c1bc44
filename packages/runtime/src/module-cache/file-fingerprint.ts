import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

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
 * @throws when the file cannot be read.
 *
 * @example
 * ```ts
 * const print = fingerprintFile('/app/extensions/greet.js');
 * ```
 */
export function fingerprintFile(path: string): FileFingerprint {
  // Synchronous: a start reads every module file here before serving anything, and a thousand
  // small reads through the thread pool took several times as long.
  const info = statSync(path);
  const content = readFileSync(path);
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
