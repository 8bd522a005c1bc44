import { findFreePort } from './free-port.js';
import { findSystemTool, systemToolSkipReason } from './system-tool.js';
import { killProcessGroup, spawnTracked, stopTracked } from './tracked-processes.js';
import { waitForPort } from './wait-for-port.js';

/**
 * A real HAProxy started for a test: where it listens, what it printed, and `stop()` (ends its
 * process group).
 *
 * @example
 * ```ts
 * const haproxy = await startHaproxyServer({ configFile, env: (port) => ({ LISTEN: `127.0.0.1:${port}` }) });
 * try { ... haproxy.url ... } finally { await haproxy.stop(); }
 * ```
 */
export interface TestHaproxyServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** What HAProxy printed so far (warnings, alerts). */
  output(): string;
  stop(): Promise<void>;
}

const HAPROXY = { name: 'haproxy', probe: ['-v'], aptPackage: 'haproxy' } as const;

/**
 * Why tests needing HAProxy are skipped here: `undefined` when Debian's `haproxy` is installed.
 * Under `CI` a missing HAProxy is an error, never a skip.
 *
 * @throws {Error} under CI when `haproxy` is not installed.
 * @example
 * ```ts
 * const skip = haproxySkipReason();
 * describe.skipIf(skip !== undefined)(`behind HAProxy${skip ? ` (skipped: ${skip})` : ''}`, () => {});
 * ```
 */
export function haproxySkipReason(): string | undefined {
  return systemToolSkipReason(HAPROXY);
}

/**
 * Starts HAProxy in the foreground on `configFile` as it is, with the environment variables
 * `env(port)` on top of this process's (HAProxy expands `"${NAME}"` in its configuration itself,
 * so a shipped file runs unchanged), and resolves once the free 127.0.0.1 `port` it chose
 * accepts connections: the configuration must bind it from those variables.
 *
 * @throws {Error} with HAProxy's output when it refuses the configuration or exits early.
 * @example
 * ```ts
 * const haproxy = await startHaproxyServer({
 *   configFile: 'examples/deploy/haproxy/haproxy.cfg',
 *   env: (port) => ({ APCORE_MCP_LISTEN: `127.0.0.1:${port}` }),
 * });
 * ```
 */
export async function startHaproxyServer(options: {
  configFile: string;
  env: (port: number) => Record<string, string>;
}): Promise<TestHaproxyServer> {
  const command = findSystemTool(HAPROXY.name, HAPROXY.probe) ?? HAPROXY.name;
  const port = await findFreePort();
  const child = spawnTracked(command, ['-db', '-f', options.configFile], {
    env: { ...process.env, ...options.env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async (): Promise<void> => {
    await stopTracked(child);
    killProcessGroup(child.pid);
  };
  try {
    await waitForPort(port, { child, output: () => output });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, output: () => output, stop };
}
