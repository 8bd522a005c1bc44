import { createRequire } from 'node:module';

let cachedVersion: string | undefined;

/**
 * This package's version, read from its package.json at run time. `src/kernel/` and
 * `dist/kernel/` both sit two levels below the package root, so the same relative path works
 * from sources and from the build.
 */
export function readPackageVersion(): string {
  if (cachedVersion === undefined) {
    const require = createRequire(import.meta.url);
    const manifest = require('../../package.json') as { version?: unknown };
    cachedVersion = typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  }
  return cachedVersion;
}
