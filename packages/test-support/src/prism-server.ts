import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort } from './free-port.js';
import { killProcessGroup, spawnTracked, stopTracked } from './tracked-processes.js';
import { waitForPort } from './wait-for-port.js';

/**
 * How Prism serves a document: `mock` answers from the document's examples (or schemas);
 * `proxy` forwards each request to `upstream` and validates both directions.
 *
 * @example
 * ```ts
 * const options: StartPrismOptions = { document: 'petstore.yaml', mode: 'mock' };
 * ```
 */
export interface StartPrismOptions {
  /** The OpenAPI document Prism serves (a file path or URL). */
  document: string;
  mode: 'mock' | 'proxy';
  /** Where `proxy` mode forwards requests (required there). */
  upstream?: string;
  /**
   * Whether a violation makes Prism answer with an error (its `--errors`) instead of only
   * reporting it. Default `true`: a test then also sees a bad request fail.
   */
  errors?: boolean;
}

/**
 * One violation Prism reported: where (`request.query.limit`, `response.body.id`...) and what.
 * An exchange Prism ended with an error of its own (with `errors` on, in proxy mode, it names no
 * detail; or a path the document lacks) has the location `exchange` and Prism's error as message.
 *
 * @example
 * ```ts
 * expect(prism.violations()).toEqual([]);
 * ```
 */
export interface PrismViolation {
  severity: 'error' | 'warning';
  location: string;
  message: string;
}

/**
 * One request Prism received, as it logged it (lower-case method, path without the query).
 *
 * @example
 * ```ts
 * expect(prism.requests()).toContainEqual({ method: 'get', path: '/pets' });
 * ```
 */
export interface PrismRequest {
  method: string;
  path: string;
}

/**
 * A Prism started for a test: its URL, what it received and reported, and `close()` (ends its
 * whole process group).
 *
 * @example
 * ```ts
 * const prism = await startPrism({ document: 'petstore.yaml', mode: 'mock' });
 * try { ... prism.url ... } finally { await prism.close(); }
 * ```
 */
export interface TestPrismServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Every request answered so far, in order (once Prism's log has caught up with them). */
  requests(): Promise<PrismRequest[]>;
  /** Every violation reported for the requests answered so far, in order. */
  violations(): Promise<PrismViolation[]>;
  /** Prism's whole log so far (for a failing test's message). */
  log(): string;
  close(): Promise<void>;
}

const REQUEST_LINE = /\[HTTP SERVER\] (\w+) (\S+) .*Request received/;
const VIOLATION_LINE = /\[VALIDATOR\] \S+\s+(error|warning)\s+Violation: (\S+) (.*)$/;
const TERMINATED_LINE = /\[HTTP SERVER\] \w+ (\S+) .*Request terminated with error: (.*)$/;
/** The path of the requests that mark how far the log has been read; never recorded. */
const SETTLE_PATH = '/__apcore_mcp_prism_settle__/';

/**
 * Starts Stoplight's Prism (the `@stoplight/prism-cli` this package depends on) on a free
 * 127.0.0.1 port, in a process group of its own, and resolves once the port accepts
 * connections. Prism's log is read line by line: each request received and each violation its
 * validator reported (a request or an answer that breaks the document) is recorded, so a test
 * can assert that a client's requests were all valid.
 *
 * @throws {Error} with Prism's log when it exits before listening (a document it refuses).
 * @example
 * ```ts
 * const prism = await startPrism({ document: 'examples/openapi/petstore.yaml', mode: 'mock' });
 * try {
 *   await fetch(`${prism.url}/pets`);
 *   expect(prism.violations()).toEqual([]);
 * } finally {
 *   await prism.close();
 * }
 * ```
 */
export async function startPrism(options: StartPrismOptions): Promise<TestPrismServer> {
  const port = await findFreePort();
  const child = spawnTracked(process.execPath, [prismEntry(), ...prismArguments(options, port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Plain log lines, whatever the terminal: the recorder parses them.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const log = readLog(child);
  const close = async (): Promise<void> => {
    await stopTracked(child);
    killProcessGroup(child.pid);
  };
  try {
    // Prism reads and validates the document before it listens: allow a busy machine time.
    await waitForPort(port, { child, output: log.text, timeoutMs: 60_000 });
  } catch (error) {
    await close();
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  const settle = createSettle(url, log);
  return {
    url,
    port,
    requests: async () => {
      await settle();
      return log.recorder.requests();
    },
    violations: async () => {
      await settle();
      return log.recorder.violations();
    },
    log: log.text,
    close,
  };
}

type PrismLog = { recorder: ReturnType<typeof createLogRecorder>; text: () => string };

/** Feeds the child's stdout and stderr, line by line, to a recorder, and keeps the text. */
function readLog(child: ChildProcess): PrismLog {
  let output = '';
  let partial = '';
  const recorder = createLogRecorder();
  const onData = (chunk: Buffer): void => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      output += `${line}\n`;
      recorder.record(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return { recorder, text: () => output + partial };
}

/**
 * Prism logs a violation after it has answered: a marker request sent after the answers a test
 * awaited, once logged, shows that the log holds everything about them.
 */
function createSettle(url: string, log: PrismLog): () => Promise<void> {
  let settles = 0;
  return async () => {
    settles += 1;
    const marker = `${SETTLE_PATH}${settles}`;
    const answer = await fetch(`${url}${marker}`);
    await answer.body?.cancel();
    await waitFor(() => log.recorder.seen(marker), log.text);
  };
}

/** Reads Prism's log lines into requests and violations, leaving out the settle requests. */
function createLogRecorder() {
  const requests: PrismRequest[] = [];
  const violations: PrismViolation[] = [];
  const markers = new Set<string>();
  let inMarker = false;
  return {
    record(line: string): void {
      const request = REQUEST_LINE.exec(line);
      if (request?.[1] !== undefined && request[2] !== undefined) {
        inMarker = request[2].startsWith(SETTLE_PATH);
        if (inMarker) markers.add(request[2]);
        else requests.push({ method: request[1], path: request[2] });
        return;
      }
      if (inMarker) return;
      const violation = VIOLATION_LINE.exec(line);
      if (
        violation?.[1] !== undefined &&
        violation[2] !== undefined &&
        violation[3] !== undefined
      ) {
        const severity = violation[1] === 'error' ? 'error' : 'warning';
        violations.push({ severity, location: violation[2], message: violation[3].trim() });
        return;
      }
      const terminated = TERMINATED_LINE.exec(line);
      if (terminated?.[2] !== undefined && !terminated[1]?.startsWith(SETTLE_PATH)) {
        violations.push({ severity: 'error', location: 'exchange', message: terminated[2].trim() });
      }
    },
    seen: (marker: string): boolean => markers.has(marker),
    requests: (): PrismRequest[] => [...requests],
    violations: (): PrismViolation[] => [...violations],
  };
}

/** Polls `condition` until it holds; fails with Prism's log after a generous while. */
async function waitFor(condition: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Prism's log did not catch up:\n${output()}`);
    await delay(10);
  }
}

function prismArguments(options: StartPrismOptions, port: number): string[] {
  const shared = ['--host', '127.0.0.1', '--port', String(port)];
  if (options.errors ?? true) shared.push('--errors');
  if (options.mode === 'mock') return ['mock', options.document, ...shared];
  if (options.upstream === undefined) throw new Error('startPrism: proxy mode needs an upstream');
  return ['proxy', options.document, options.upstream, ...shared];
}

/** Prism's CLI entry point, run with this Node (no shell, no PATH lookup). */
function prismEntry(): string {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  return join(dirname(manifest), 'dist', 'index.js');
}
