import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Where Debian installs daemons such as nginx and haproxy: not on a non-root user's PATH. */
const SYSTEM_BINARIES = '/usr/sbin';

/**
 * How to run a system tool (`nginx`, `haproxy`, `redis-server`): its name when it runs from the
 * PATH, else its path under `/usr/sbin`; `undefined` when it is not installed. `probe` are
 * arguments that make it print its version and exit 0.
 *
 * @example
 * ```ts
 * const nginx = findSystemTool('nginx', ['-v']); // 'nginx' or '/usr/sbin/nginx'
 * ```
 */
export function findSystemTool(name: string, probe: readonly string[]): string | undefined {
  return [name, join(SYSTEM_BINARIES, name)].find((command) => {
    const run = spawnSync(command, probe, { stdio: 'ignore' });
    return run.error === undefined && run.status === 0;
  });
}

/**
 * Why tests needing a system tool are skipped here: `undefined` when it is installed. In CI
 * (`CI` set) a missing tool is an error, never a skip: CI must run those tests (`.ci/run`
 * installs them).
 *
 * @throws {Error} under CI when the tool is not installed.
 * @example
 * ```ts
 * const skip = systemToolSkipReason({ name: 'nginx', probe: ['-v'], aptPackage: 'nginx' });
 * describe.skipIf(skip !== undefined)(`behind nginx${skip ? ` (skipped: ${skip})` : ''}`, () => {});
 * ```
 */
export function systemToolSkipReason(tool: {
  name: string;
  probe: readonly string[];
  aptPackage: string;
}): string | undefined {
  if (findSystemTool(tool.name, tool.probe) !== undefined) return undefined;
  if (process.env.CI !== undefined && process.env.CI !== '') {
    throw new Error(`${tool.name} is not installed, and CI must run the tests that need it`);
  }
  return `${tool.name} is not installed (apt-get install ${tool.aptPackage})`;
}
