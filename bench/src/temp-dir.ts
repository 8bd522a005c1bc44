import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary directory and how to remove it. */
export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

/**
 * Creates a fresh directory under the system's temporary directory.
 *
 * @example
 * ```ts
 * const dir = await createTempDir('apcore-mcp-bench-');
 * try { ... } finally { await dir.remove(); }
 * ```
 */
export async function createTempDir(prefix: string): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
