import { setTimeout as delay } from 'node:timers/promises';
import type { RpcMessage, RpcTarget } from './event-rpc.js';

/** What `events watch` subscribes to, and where. */
export interface WatchRequest {
  target: RpcTarget;
  name: string;
  arguments: Record<string, unknown> | undefined;
}

/** Where a watch reports: occurrences on stdout, everything else on stderr. */
export interface WatchOutput {
  occurrence(occurrence: Record<string, unknown>): void;
  notice(line: string): void;
}

/**
 * A refusal the watch cannot outlast by reconnecting (an unknown type, bad arguments, a server
 * without events, a refused token): it ends the command with exit 1 and this message.
 *
 * @example
 * ```ts
 * throw new WatchRefused('the server has no event type stock.lo');
 * ```
 */
export class WatchRefused extends Error {
  override readonly name = 'WatchRefused';
}

/** The JSON-RPC errors of the events extension that say why a subscription was refused. */
const REFUSALS: Readonly<Record<number, (name: string, message: string) => string>> = {
  [-32601]: () => 'the server serves no events (it does not know the events/* methods)',
  [-32602]: (_name, message) => `the server refused the subscription: ${message}`,
  [-32011]: (name) => `the server has no event type ${name} (or this caller may not see it)`,
  [-32012]: (_name, message) => `the server forbids this subscription: ${message}`,
  [-32013]: (_name, message) => `the server refused another subscription: ${message}`,
  [-32014]: (_name, message) => `the server does not offer this delivery: ${message}`,
};

/**
 * The refusal a JSON-RPC error answer means.
 *
 * @example
 * ```ts
 * if (message.error !== undefined) throw refusalOf(message.error, 'stock.low');
 * ```
 */
export function refusalOf(error: NonNullable<RpcMessage['error']>, name: string): WatchRefused {
  const describe = REFUSALS[error.code];
  return new WatchRefused(
    describe?.(name, error.message) ?? `the server refused: ${error.message} (${error.code})`,
  );
}

/**
 * Checks a response's HTTP status before its body is read: a refused token (401, 403) or
 * another client error without JSON ends the watch, a server error is worth retrying (thrown
 * as a plain error), anything else is read as JSON-RPC.
 *
 * @throws {WatchRefused} on 401, 403, or a 4xx answer without JSON.
 */
export function checkStatus(response: Response): void {
  const json = (response.headers.get('content-type') ?? '').includes('json');
  if (response.status === 401 || response.status === 403) {
    throw new WatchRefused(
      `the server refused the request (HTTP ${response.status}): give a valid --token`,
    );
  }
  if (response.status >= 500 && !json) throw new Error(`HTTP ${response.status}`);
  if (response.status >= 400 && !json) {
    throw new WatchRefused(
      `the server answered HTTP ${response.status}: is --url its MCP endpoint?`,
    );
  }
}

/** The first wait after a drop, and the longest one. */
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/**
 * How long to wait before reconnecting: doubling from half a second up to 30 seconds, back to
 * the start once a subscription is live again.
 *
 * @example
 * ```ts
 * const backoff = new Backoff();
 * await backoff.wait(signal);
 * ```
 */
export class Backoff {
  #next = FIRST_RETRY_MS;

  /** The wait before the next attempt, in seconds (for the notice). */
  get nextSeconds(): number {
    return this.#next / 1000;
  }

  reset(): void {
    this.#next = FIRST_RETRY_MS;
  }

  /** Waits the next delay (less when `signal` aborts) and doubles it. */
  async wait(signal: AbortSignal): Promise<void> {
    const ms = this.#next;
    this.#next = Math.min(this.#next * 2, LONGEST_RETRY_MS);
    await delay(ms, undefined, { signal }).catch(() => undefined);
  }
}

/**
 * What to do with a failed attempt: a refusal or the first attempt's failure (the URL is wrong,
 * nothing listens) ends the watch; a later drop is said once and retried after the backoff.
 *
 * @throws {WatchRefused} when the watch should end.
 */
export async function recoverOrEnd(
  error: unknown,
  state: { reached: boolean; backoff: Backoff; url: string },
  output: WatchOutput,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return;
  if (error instanceof WatchRefused) throw error;
  const reason = describeFailure(error);
  if (!state.reached) throw new WatchRefused(`cannot reach ${state.url}: ${reason}`);
  output.notice(`connection lost (${reason}); resuming in ${state.backoff.nextSeconds}s`);
  await state.backoff.wait(signal);
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error.message;
}
