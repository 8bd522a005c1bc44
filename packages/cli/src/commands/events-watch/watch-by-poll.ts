import { setTimeout as delay } from 'node:timers/promises';
import { postEventRequest, readRpcMessages } from './event-rpc.js';
import {
  Backoff,
  checkStatus,
  recoverOrEnd,
  refusalOf,
  type WatchOutput,
  type WatchRequest,
} from './watch-session.js';

/** The shortest wait between polls, whatever the server hints (the SEP's client floor). */
const POLL_FLOOR_MS = 1000;

/** What one `events/poll` answers. */
interface PollResult {
  events: Record<string, unknown>[];
  cursor: string | null;
  truncated: boolean;
  hasMore: boolean;
  nextPollMs: number;
}

/**
 * Watches by poll: `events/poll` from now, then again from each answer's cursor, at once while
 * the server has more, else after its `nextPollMs` (at least a second). A failed poll is
 * retried from the same cursor after the backoff. Resolves when `signal` aborts.
 *
 * @throws {WatchRefused} an answer no retry changes (unknown type, bad arguments, ...).
 */
export async function watchByPoll(
  request: WatchRequest,
  output: WatchOutput,
  signal: AbortSignal,
): Promise<void> {
  const state = { reached: false, backoff: new Backoff(), url: request.target.url };
  let cursor: string | null = null;
  let lost = false;
  while (!signal.aborted) {
    try {
      const result = await pollOnce(request, cursor, signal);
      if (!state.reached || lost) {
        output.notice(
          state.reached ? `resumed ${request.name}` : `watching ${request.name} (poll)`,
        );
      }
      state.reached = true;
      lost = false;
      state.backoff.reset();
      if (result.truncated) output.notice('some occurrences were lost before this point');
      for (const occurrence of result.events) output.occurrence(occurrence);
      cursor = result.cursor;
      if (!result.hasMore) {
        const wait = Math.max(result.nextPollMs, POLL_FLOOR_MS);
        await delay(wait, undefined, { signal }).catch(() => undefined);
      }
    } catch (error) {
      lost = true;
      await recoverOrEnd(error, state, output, signal);
    }
  }
}

async function pollOnce(
  request: WatchRequest,
  cursor: string | null,
  signal: AbortSignal,
): Promise<PollResult> {
  const params = { name: request.name, arguments: request.arguments, cursor };
  const response = await postEventRequest(request.target, 'events/poll', params, signal);
  checkStatus(response);
  for await (const message of readRpcMessages(response)) {
    if (message.error !== undefined) throw refusalOf(message.error, request.name);
    if (message.result !== undefined) return toPollResult(message.result);
  }
  throw new Error(`HTTP ${response.status} without an answer`);
}

function toPollResult(result: Record<string, unknown>): PollResult {
  return {
    events: Array.isArray(result.events) ? (result.events as Record<string, unknown>[]) : [],
    cursor: typeof result.cursor === 'string' ? result.cursor : null,
    truncated: result.truncated === true,
    hasMore: result.hasMore === true,
    nextPollMs: typeof result.nextPollMs === 'number' ? result.nextPollMs : POLL_FLOOR_MS,
  };
}
