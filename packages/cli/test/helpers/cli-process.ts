import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killProcessGroup, spawnTracked } from '@apcore-mcp/test-support';
import { afterAll, expect } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Servers started by the test file importing this, still running. */
const started = new Set<ChildProcess>();

// Whatever a test file leaves running (a failed test skips its own stop) ends with the file;
// the run's global teardown catches what a torn-down worker could not.
afterAll(() => {
  for (const child of started) killProcessGroup(child.pid);
});

/** The real `apcore-mcp` bin, as npm links it. */
export const BIN = join(packageDir, 'bin', 'apcore-mcp.js');

/** The bundled sample modules. */
export const EXAMPLE_EXTENSIONS = join(packageDir, '..', '..', 'examples', 'extensions');

/**
 * The longest any spawned command may take before the test gives up on it: below the tests' own
 * 60 s, so that this helper's message names what was awaited, and wide enough for a start on a
 * machine running the rest of the suite.
 */
const COMMAND_TIMEOUT_MS = 45_000;

/** Spawned processes must use the built package: say so plainly when it is missing. */
export function assertBuilt(): void {
  if (!existsSync(join(packageDir, 'dist', 'index.js'))) {
    throw new Error(
      'packages/cli/dist is missing: run `pnpm turbo run build --filter @apcore-mcp/cli...` first',
    );
  }
}

/** The host's environment without any APCORE_MCP_* variable, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('APCORE_MCP_')) env[name] = value;
  }
  return { ...env, ...extra };
}

/** What a finished command printed and how it ended. */
export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Checks a command refused as users should see it: exit 1, nothing on stdout, one line on
 * stderr matching `pattern`, and no stack trace.
 */
export function expectOneErrorLine(result: CommandResult, pattern: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** Runs the bin to completion (killed after a bounded time) with stdin closed. */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CommandResult> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawnTracked(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? packageDir,
      env: cleanEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => killProcessGroup(child.pid), COMMAND_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A running `apcore-mcp` server process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first stderr text matching `pattern` (bounded wait). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  /** Sends `signal` (if still running) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the bin in the background; stdin stays open (a pipe) until the process ends. */
export function startCli(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): ServerProcess {
  assertBuilt();
  const child = spawnTracked(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? packageDir,
    env: cleanEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of [...waiters]) check();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      for (const check of [...waiters]) check();
      resolve(code);
    });
  });
  started.add(child);
  void exited.then(() => started.delete(child));
  return {
    child,
    stderr: () => stderr,
    exited,
    waitForStderr: (pattern, timeoutMs = COMMAND_TIMEOUT_MS) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const match = stderr.match(pattern);
          if (match !== null) {
            done();
            resolve(match);
          } else if (child.exitCode !== null) {
            done();
            reject(new Error(`process exited (${child.exitCode}) before ${pattern}:\n${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${pattern} on stderr:\n${stderr}`));
        }, timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The arguments that serve `extensionsDir` over Streamable HTTP on `port`, then `extra`.
 *
 * @example
 * ```ts
 * startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort(), ['--validate-inputs']));
 * ```
 */
export function httpServeArgs(
  extensionsDir: string,
  port: number,
  extra: readonly string[] = [],
): string[] {
  return [
    '--extensions-dir',
    extensionsDir,
    '--transport',
    'streamable-http',
    '--port',
    String(port),
    ...extra,
  ];
}

/** The URL the CLI prints once an HTTP server listens. */
export const SERVING_LINE = /apcore-mcp: serving (\d+) tools? over [^\n]+ at (http:\/\/\S+)\n/;

/** The address of the Tool Inspector the CLI prints when it serves one. */
export const INSPECTOR_LINE = /apcore-mcp: Tool Inspector at (http:\/\/\S+)\n/;
