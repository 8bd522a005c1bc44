import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A running server process and the MCP endpoint it announced. */
export interface ServedExtensions {
  url: string;
  stop(): Promise<void>;
}

/** How long a server may take to announce its URL: a busy machine, not a hung one. */
const START_TIMEOUT_MS = 60_000;

/** This package's directory: the attached host's program runs from there. */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The `apcore-mcp` bin of the workspace's CLI package, as an installed project finds it. */
function cliBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@apcore-mcp/cli/package.json')), 'bin', 'apcore-mcp.js');
}

/**
 * Starts `apcore-mcp --extensions-dir DIR --transport streamable-http` on `port` of 127.0.0.1
 * (with `--skills-dir` when `skillsDir` is given, then `extraArgs`) and resolves once it announces where it
 * serves; see {@link spawnServer}.
 *
 * @example
 * ```ts
 * const served = await serveExtensions('./extensions', 8931);
 * try { console.log(served.url); } finally { await served.stop(); }
 * ```
 */
export function serveExtensions(
  extensionsDir: string,
  port: number,
  skillsDir?: string,
  extraArgs: readonly string[] = [],
): Promise<ServedExtensions> {
  return spawnServer(
    [
      cliBin(),
      '--extensions-dir',
      extensionsDir,
      '--transport',
      'streamable-http',
      '--port',
    ].concat(
      [String(port), '--log-level', 'error'],
      skillsDir === undefined ? [] : ['--skills-dir', skillsDir],
      extraArgs,
    ),
  );
}

/**
 * Starts `src/attached-host.ts` (an application's own `McpServer` with `./extensions` and
 * `./skills` attached, over Streamable HTTP) on `port` of 127.0.0.1 and resolves once it
 * announces where it serves; see {@link spawnServer}.
 *
 * @example
 * ```ts
 * const served = await serveAttachedHost(8931);
 * try { console.log(served.url); } finally { await served.stop(); }
 * ```
 */
export function serveAttachedHost(port: number): Promise<ServedExtensions> {
  const program = join(PACKAGE_DIR, 'src', 'attached-host.ts');
  const source = ['--import', 'tsx', '--conditions=@apcore-mcp/source'];
  return spawnServer([...source, program, '--port', String(port)], PACKAGE_DIR);
}

/**
 * Runs `node ARGS` (from `cwd`) in a process group of its own and resolves once it announces
 * on stderr where it serves (`... at <url>`). `stop()` ends the group (SIGTERM, then SIGKILL
 * after 5 s).
 */
async function spawnServer(args: readonly string[], cwd?: string): Promise<ServedExtensions> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    ...(cwd === undefined ? {} : { cwd }),
  });
  // Should this process end first (a test runner timing out), the server's group ends with it.
  const endWithUs = () => signalGroup(child, 'SIGKILL');
  process.once('exit', endWithUs);
  const stop = () => stopGroup(child).finally(() => process.off('exit', endWithUs));
  try {
    const url = await announcedUrl(child);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The URL of the `serving ... at <url>` line, or a failure naming what the server said. */
function announcedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => {
      reject(new Error(`The server did not announce its URL in ${START_TIMEOUT_MS} ms: ${said}`));
    }, START_TIMEOUT_MS);
    // Servers announce where they serve on stderr, after their log lines.
    const lines = createInterface({ input: child.stderr as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      said += `${line}\n`;
      const match = / at (http:\/\/\S+)$/.exec(line);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before serving: ${said}`));
    });
  });
}

/** Sends `signal` to the child's whole process group; quiet when it is already gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {
    // Already gone.
  }
}

/** Ends the child's process group; resolves once the child has exited. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child, 'SIGTERM');
  });
}
