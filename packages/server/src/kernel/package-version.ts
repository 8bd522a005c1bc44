import { readPackageVersion as readVersionAbove } from '@apcore-mcp/core/bridge';

let cachedVersion: string | undefined;

/** This package's version, read once from its package.json. */
export function readPackageVersion(): string {
  cachedVersion ??= readVersionAbove(import.meta.url);
  return cachedVersion;
}
