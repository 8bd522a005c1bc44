import type { ChildProcess } from 'node:child_process';

/** The protocol revision the raw client asks for: one every server under test speaks. */
const PROTOCOL_VERSION = '2025-11-25';

/** When a stdio server first answered `tools/list`, and with how many tools. */
export interface FirstToolsList {
  /** `performance.now()` when the `tools/list` answer had been read in full. */
  answeredAt: number;
  /** Tools in that answer. */
  toolCount: number;
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

/** What a line of the server's stdout says, as far as this client cares. */
interface Answer {
  id?: unknown;
  result?: { tools?: unknown[] };
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
 * Speaks MCP over a child's stdin and stdout the way a client starts a session, without any
 * client library (nothing warms up inside the measured time): `initialize` at once (the pipe
 * holds it until the server reads), then, once answered, `notifications/initialized` and
 * `tools/list`. Resolves when the `tools/list` answer has been read; rejects on an error answer,
 * when the child exits first, or after `timeoutMs`.
 *
 * @example
 * ```ts
 * const started = performance.now();
 * const child = spawn(process.execPath, ['server.js'], { stdio: 'pipe' });
 * const { answeredAt, toolCount } = await awaitFirstToolsList(child, 20_000);
 * ```
 */
export function awaitFirstToolsList(
  child: ChildProcess,
  timeoutMs: number,
): Promise<FirstToolsList> {
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
    const onAnswer = (answer: Answer) => {
      if (answer.error !== undefined) return fail(`error answer: ${answer.error.message}`);
      if (answer.id === 1) return void stdin.write(INITIALIZED + TOOLS_LIST);
      if (answer.id !== 2) return;
      const answeredAt = performance.now();
      settle();
      resolve({ answeredAt, toolCount: answer.result?.tools?.length ?? 0 });
    };
    const onOutput = readAnswers(onAnswer);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited (${signal ?? code}) before answering tools/list`);
    const timer = setTimeout(() => fail(`no tools/list answer within ${timeoutMs} ms`), timeoutMs);
    stderr?.on('data', onError);
    stdout.on('data', onOutput);
    child.once('exit', onExit);
    // A server that exits early closes the pipe: the exit, not the write error, says why.
    stdin.on('error', () => {});
    stdin.write(INITIALIZE);
  });
}
