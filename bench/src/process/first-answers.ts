import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';

/** The protocol revision the raw client asks for: one every server under test speaks. */
const PROTOCOL_VERSION = '2025-11-25';

/** When a stdio server first answered `tools/list` (with how many tools) and a first call. */
export interface FirstAnswers {
  /** `performance.now()` when the `tools/list` answer had been read in full. */
  listedAt: number;
  /** Tools in that answer. */
  toolCount: number;
  /** `performance.now()` when the answer to a call of the first tool listed had been read. */
  calledAt: number;
}

/** One JSON-RPC message as a line of the stdio transport. */
function line(message: Record<string, unknown>): string {
  return `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
}

const INITIALIZE = line({
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'bench', version: '1.0.0' },
  },
});
const INITIALIZED = line({ method: 'notifications/initialized' });
const TOOLS_LIST = line({ id: 2, method: 'tools/list', params: {} });

/** A call of `tool` with the one argument the workload's tools require. */
function callLine(tool: string): string {
  return line({ id: 3, method: 'tools/call', params: { name: tool, arguments: { id: 'r-1' } } });
}

/** What a line of the server's stdout says, as far as this client cares. */
interface Answer {
  id?: unknown;
  result?: { tools?: Array<{ name?: string }>; isError?: boolean };
  error?: { message?: string };
}

function parseAnswer(text: string): Answer | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Answer) : undefined;
  } catch {
    return undefined;
  }
}

/** A reader of stdout chunks handing on each complete JSON line (a long answer spans chunks). */
function readAnswers(onAnswer: (answer: Answer) => void): (chunk: Buffer) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString();
    let end = buffered.indexOf('\n');
    while (end !== -1) {
      const answer = parseAnswer(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (answer !== undefined) onAnswer(answer);
      end = buffered.indexOf('\n');
    }
  };
}

/**
 * The client's side after `initialize`: each answer read, the next message written, `done`
 * with the times once the call is answered.
 */
function conversation(
  stdin: Writable,
  done: (answers: FirstAnswers) => void,
  fail: (message: string) => void,
): (answer: Answer) => void {
  let listed: { listedAt: number; toolCount: number } | undefined;
  return (answer) => {
    if (answer.error !== undefined) return fail(`error answer: ${answer.error.message}`);
    if (answer.id === 1) return void stdin.write(INITIALIZED + TOOLS_LIST);
    if (answer.id === 2) {
      const tools = answer.result?.tools ?? [];
      listed = { listedAt: performance.now(), toolCount: tools.length };
      const first = tools[0]?.name;
      if (first === undefined) return fail('no tool to call');
      return void stdin.write(callLine(first));
    }
    if (answer.id !== 3 || listed === undefined) return;
    if (answer.result?.isError === true) return fail('the first call failed');
    done({ ...listed, calledAt: performance.now() });
  };
}

/**
 * Speaks MCP over a child's stdin and stdout the way a client starts a session, without any
 * client library (nothing warms up inside the measured time): `initialize` at once (the pipe
 * holds it until the server reads), then, once answered, `notifications/initialized` and
 * `tools/list`, then a call of the first tool listed (a user's first request). Resolves when
 * the call's answer has been read; rejects on an error answer, a failed call, when the child
 * exits first, or after `timeoutMs`.
 *
 * @example
 * ```ts
 * const started = performance.now();
 * const child = spawn(process.execPath, ['server.js'], { stdio: 'pipe' });
 * const { listedAt, toolCount, calledAt } = await awaitFirstAnswers(child, 20_000);
 * ```
 */
export function awaitFirstAnswers(child: ChildProcess, timeoutMs: number): Promise<FirstAnswers> {
  const { stdin, stdout, stderr } = child;
  if (stdin === null || stdout === null) {
    return Promise.reject(new Error('the child has no stdin or stdout pipe'));
  }
  return new Promise((resolve, reject) => {
    let errors = '';
    const onError = (chunk: Buffer) => {
      // The tail is enough to say why a server failed; keep no more.
      errors = `${errors}${chunk.toString()}`.slice(-2000);
    };
    const settle = () => {
      clearTimeout(timer);
      child.off('exit', onExit);
      stdout.off('data', onOutput);
      // Whatever else the child prints is read and dropped, so it never blocks on a full pipe.
      stdout.resume();
    };
    const fail = (message: string) => {
      settle();
      reject(new Error(`${message}${errors === '' ? '' : `: ${errors.trim()}`}`));
    };
    const onAnswer = conversation(
      stdin,
      (answers) => {
        settle();
        resolve(answers);
      },
      fail,
    );
    const onOutput = readAnswers(onAnswer);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited (${signal ?? code}) before answering tools/list and a call`);
    const timer = setTimeout(
      () => fail(`no tools/list and call answers within ${timeoutMs} ms`),
      timeoutMs,
    );
    stderr?.on('data', onError);
    stdout.on('data', onOutput);
    child.once('exit', onExit);
    // A server that exits early closes the pipe: the exit, not the write error, says why.
    stdin.on('error', () => {});
    stdin.write(INITIALIZE);
  });
}
