import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killProcessGroup, PID_DIR_VARIABLE } from './tracked-processes.js';

/**
 * The test runner's global setup (it runs in the runner's main process): gives the workers a
 * directory for the pids of the children they spawn, and at the end of the run kills every
 * process group still listed there. A worker torn down by a timeout cannot clean up after itself;
 * this does it for it.
 *
 * @example
 * ```ts
 * // vitest config
 * test: { globalSetup: ['@apcore-mcp/test-support/global-setup'] }
 * ```
 */
export default function setup(): () => void {
  const directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-test-pids-'));
  process.env[PID_DIR_VARIABLE] = directory;
  const reap = (): void => {
    let left: string[] = [];
    try {
      left = readdirSync(directory);
    } catch {
      return;
    }
    for (const pid of left) killProcessGroup(Number(pid));
    rmSync(directory, { recursive: true, force: true });
    if (left.length > 0) {
      process.stderr.write(`test-support: killed ${left.length} process(es) a test left running\n`);
    }
  };
  // Also when the runner itself is stopped before its teardown.
  process.once('exit', reap);
  return reap;
}
