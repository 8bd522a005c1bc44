import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { CliError } from '../cli-error.js';

/**
 * A fresh temporary directory for each test of the calling file, removed after it; read
 * `current()` inside a test.
 *
 * @example
 * ```ts
 * const dir = useTempDir();
 * it('reads the file', async () => writeFile(join(dir.current(), 'apcore-mcp.yaml'), 'port: 1'));
 * ```
 */
export function useTempDir(): { current(): string } {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-settings-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { current: () => dir };
}

/**
 * The problems of the `CONFIG_INVALID` error `promise` rejects with (exit code 1 checked).
 *
 * @example
 * ```ts
 * expect(await problemsOf(resolveSettings(input))).toEqual(['--port must be ...']);
 * ```
 */
export async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => {
      throw new Error('expected a CliError');
    },
    (failure: unknown) => failure,
  );
  if (!CliError.isInstance(error)) throw error;
  expect(error.exitCode).toBe(1);
  return error.details.problems as string[];
}
