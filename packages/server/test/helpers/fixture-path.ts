import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Absolute path of a file under `test/fixtures`. Fixtures import the built packages: the
 * `test:e2e` task builds them first.
 */
export function fixturePath(name: string): string {
  return join(serverRoot, 'test', 'fixtures', name);
}

/** The server package directory (where spawned fixtures resolve their imports from). */
export const SERVER_ROOT = serverRoot;
