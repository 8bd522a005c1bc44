import { postEventRequest, type RpcMessage, readRpcMessages } from './event-rpc.js';
import {
  Backoff,
  checkStatus,
  recoverOrEnd,
  refusalOf,
  type WatchOutput,
  WatchRefused,
  type WatchRequest,
} from './watch-session.js';

/**
 * Silence after which a stream counts as dead: the server heartbeats at most every 30 s, and a
 * client gives it twice that.
 */
const SILENCE_LIMIT_MS = 65_000;

/** Where one stream stands: the cursor to resume from, and whether it ever went live. */
interface StreamState {
  cursor: string | null;
  reached: boolean;
  backoff: Backoff;
  url: string;
}

/**
 * Watches by push: `events/stream` from now, each occurrence handed to `output`; when the
 * stream ends, drops or falls silent, a new `events/stream` resumes from the last cursor.
 * Resolves when `signal` aborts.
 *
 * @throws {WatchRefused} an answer no reconnect changes (unknown type, bad arguments, ...).
 */
export async function watchByStream(
  request: WatchRequest,
  output: WatchOutput,
  signal: AbortSignal,
): Promise<void> {
  const state: StreamState = {
    cursor: null,
    reached: false,
    backoff: new Backoff(),
    url: request.target.url,
  };
  while (!signal.aborted) {
    try {
      await streamOnce(request, state, output, signal);
      // The server closed the stream (its final frame): resume at once, as a drop would.
      if (!signal.aborted) await state.backoff.wait(signal);
    } catch (error) {
      await recoverOrEnd(error, state, output, signal);
    }
  }
}

async function streamOnce(
  request: WatchRequest,
  state: StreamState,
  output: WatchOutput,
  signal: AbortSignal,
): Promise<void> {
  const attempt = new AbortController();
  const stop = () => attempt.abort();
  signal.addEventListener('abort', stop, { once: true });
  let silence = setTimeout(stop, SILENCE_LIMIT_MS);
  try {
    const params = { name: request.name, arguments: request.arguments, cursor: state.cursor };
    const response = await postEventRequest(
      request.target,
      'events/stream',
      params,
      attempt.signal,
    );
    checkStatus(response);
    for await (const message of readRpcMessages(response)) {
      clearTimeout(silence);
      silence = setTimeout(stop, SILENCE_LIMIT_MS);
      if (!take(message, request.name, state, output)) return;
    }
    if (attempt.signal.aborted && !signal.aborted) throw new Error('no heartbeat for 65 s');
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
  }
}

/**
 * Handles one message of the stream; `false` when the stream is over (its final result).
 *
 * @throws {WatchRefused} an error answer, or the subscription terminated by the server.
 */
function take(message: RpcMessage, name: string, state: StreamState, output: WatchOutput): boolean {
  if (message.error !== undefined) throw refusalOf(message.error, name);
  if (message.result !== undefined) return false;
  const { _meta, ...params } = message.params ?? {};
  if (typeof params.cursor === 'string') state.cursor = params.cursor;
  switch (message.method) {
    case 'notifications/events/active':
      output.notice(state.reached ? `resumed ${name}` : `watching ${name} (push)`);
      if (params.truncated === true) output.notice('some occurrences were lost before this point');
      state.reached = true;
      state.backoff.reset();
      break;
    case 'notifications/events/event':
      output.occurrence(params);
      break;
    case 'notifications/events/error':
      output.notice(`the server reports: ${errorText(params.error)}`);
      break;
    case 'notifications/events/terminated':
      throw terminated(params.error);
  }
  return true;
}

function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : 'an error';
}

function terminated(error: unknown): WatchRefused {
  return new WatchRefused(`the server ended the subscription: ${errorText(error)}`);
}
