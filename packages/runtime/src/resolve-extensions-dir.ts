import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigNotFoundError } from '@apcore-mcp/core';

/**
 * The extensions directory as an absolute path, once it is known to be a directory.
 *
 * @throws {ConfigNotFoundError} none is configured, or it is missing or not a directory.
 */
export async function resolveExtensionsDir(extensionsDir: string | null): Promise<string> {
  if (extensionsDir === null) {
    throw new ConfigNotFoundError({
      path: '',
      message: 'No extensions directory configured: pass new Registry({ extensionsDir })',
    });
  }
  const rootDir = resolve(extensionsDir);
  const info = await stat(rootDir).catch(() => null);
  if (info === null) {
    throw new ConfigNotFoundError({
      path: rootDir,
      message: `Extensions directory not found: ${rootDir}`,
    });
  }
  if (!info.isDirectory()) {
    throw new ConfigNotFoundError({
      path: rootDir,
      message: `Extensions path is not a directory: ${rootDir}`,
    });
  }
  return rootDir;
}
