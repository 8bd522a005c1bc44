import type { ChildProcess } from 'node:child_process';
import { killProcessGroup, spawnTracked } from '@apcore-mcp/test-support';
import { afterAll } from 'vitest';
import { fixturePath, SERVER_ROOT } from './fixture-path.js';

/** Children started by the test file importing this, still running. */
const started = new Set<ChildProcess>();

// A test that fails before its child exits must not leave it running past its file.
afterAll(() => {
  for (const child of started) killProcessGroup(child.pid);
});

/** A fixture server running in a child process, spoken to with raw JSON-RPC lines. */
export interface ChildServer {
  child: ChildProcess;
  /** Every line the child wrote to stdout so far. */
  stdoutLines: string[];
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  send(message: unknown): void;
  /** Writes one line of raw text (a newline is added). */
  sendLine(text: string): void;
  /** Resolves with the first stdout message matching. */
  waitForMessage(
    matches: (message: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>>;
  /** Resolves once stderr contains `text`. */
  waitForStderr(text: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `test/fixtures/<script>` with Node, stdio piped. */
export function spawnChildServer(script: string, env: Record<string, string> = {}): ChildServer {
  const child = spawnTracked(process.execPath, [fixturePath(script)], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdoutLines: string[] = [];
  let stdoutRest = '';
  let stderrText = '';
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of waiters) waiter();
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (stdoutRest + chunk).split('\n');
    stdoutRest = lines.pop() ?? '';
    stdoutLines.push(...lines);
    wake();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrText += chunk;
    wake();
  });
  started.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      started.delete(child);
      wake();
      resolve({ code, signal });
    });
  });
  const waitUntil = <T>(check: () => T | undefined, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const attempt = (): void => {
        const found = check();
        if (found !== undefined) {
          waiters.delete(attempt);
          resolve(found);
        } else if (child.exitCode !== null) {
          waiters.delete(attempt);
          reject(new Error(`child exited before ${what}; stderr:\n${stderrText}`));
        }
      };
      waiters.add(attempt);
      attempt();
    });
  return {
    child,
    stdoutLines,
    stderr: () => stderrText,
    send: (message) => child.stdin?.write(`${JSON.stringify(message)}\n`),
    sendLine: (text) => child.stdin?.write(`${text}\n`),
    waitForMessage: (matches) =>
      waitUntil(() => {
        for (const line of stdoutLines) {
          const message = JSON.parse(line) as Record<string, unknown>;
          if (matches(message)) return message;
        }
        return undefined;
      }, 'the expected message'),
    waitForStderr: (text) =>
      waitUntil(() => (stderrText.includes(text) ? true : undefined), `stderr said ${text}`).then(
        () => undefined,
      ),
    exited,
  };
}
