import { systemToolSkipReason } from './system-tool.js';

/**
 * Debian's Chromium (`apt-get install chromium`), the browser the browser tests drive through
 * `playwright-core`: never one downloaded by Playwright.
 *
 * @example
 * ```ts
 * const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
 * ```
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * How the tests start it: headless, and without the sandbox and GPU a container lacks.
 *
 * @example
 * ```ts
 * await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
 * ```
 */
export const CHROMIUM_ARGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu'];

/**
 * Why the browser tests are skipped here: `undefined` when Chromium is installed; under CI a
 * missing one is an error, never a skip.
 *
 * @throws {Error} under CI when Chromium is not installed.
 * @example
 * ```ts
 * const skip = chromiumSkipReason();
 * describe.skipIf(skip !== undefined)('in a browser', () => {});
 * ```
 */
export function chromiumSkipReason(): string | undefined {
  return systemToolSkipReason({
    name: CHROMIUM_PATH,
    probe: ['--version'],
    aptPackage: 'chromium',
  });
}
