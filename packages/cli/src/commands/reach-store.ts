import { CliError } from '../cli-error.js';
import { ExitCode } from '../exit-codes.js';
import { hidePassword } from '../settings/parse-setting-value.js';
import {
  describeSource,
  type ResolvedSettings,
  sourceOf,
  textSetting,
} from '../settings/settings.js';

/**
 * Opens the Redis-backed part a `redis://` setting names (`--tasks`, `--events`), turning a
 * failure to reach it into one line that names the store, its URL without the password, and
 * where the setting came from.
 *
 * @throws {CliError} `STARTUP_FAILED` (exit 2) when `open` fails.
 * @example
 * ```ts
 * const engine = await reachStore(resolved, 'tasks', 'task store', () => createBullmqTaskEngine(options));
 * ```
 */
export async function reachStore<Opened>(
  resolved: ResolvedSettings,
  key: 'tasks' | 'events',
  store: string,
  open: () => Promise<Opened>,
): Promise<Opened> {
  try {
    return await open();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const url = hidePassword(textSetting(resolved, key) ?? '');
    const where = `${url} (${describeSource(sourceOf(resolved, key))})`;
    throw new CliError(`Cannot reach the ${store} ${where}: ${reason}`, {
      code: 'STARTUP_FAILED',
      exitCode: ExitCode.StartupFailure,
      cause: error,
    });
  }
}
