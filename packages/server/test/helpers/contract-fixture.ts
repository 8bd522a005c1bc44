import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixturesDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'test-support',
  'contract-fixtures',
);

/** One of the apcore contract's fixture files, as copied into `test-support/contract-fixtures`. */
export async function readContractFixture<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(join(fixturesDir, name), 'utf8')) as T;
}
