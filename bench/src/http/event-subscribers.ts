import { setTimeout as sleep } from 'node:timers/promises';
import { postModernRequest } from './post-modern-request.js';

/** The event type the bench's server emits. */
export const BENCH_EVENT_TYPE = 'bench.tick';

/** How a subscriber reads the occurrences: `events/poll` in a loop, or one `events/stream`. */
export type EventMode = 'poll' | 'push';

/** One subscriber of {@link BENCH_EVENT_TYPE}, recording what reached it. */
export interface EventSubscriber {
  /** Occurrences received so far. */
  readonly received: number;
  /** For each, from the emit (the module's clock) to its arrival here (this process's). */
  readonly latenciesMs: number[];
  /** When the last one arrived (`performance.now()` of this process). */
  readonly lastAt: number;
  /** Resolves true once `count` arrived, false at the deadline. */
  waitFor(count: number, deadline: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Now, in ms since the epoch with sub-millisecond precision: comparable with the server's. */
const epochNow = () => performance.timeOrigin + performance.now();

class Recorder {
  received = 0;
  lastAt = 0;
  readonly latenciesMs: number[] = [];

  record(occurrence: Record<string, unknown>): void {
    const data = occurrence.data as { emittedAt?: unknown } | undefined;
    if (typeof data?.emittedAt !== 'number') return;
    this.latenciesMs.push(epochNow() - data.emittedAt);
    this.received += 1;
    this.lastAt = performance.now();
  }

  async waitFor(count: number, deadline: number): Promise<boolean> {
    while (this.received < count) {
      if (performance.now() > deadline) return false;
      await sleep(2);
    }
    return true;
  }
}

function subscriberOf(recorder: Recorder, close: () => Promise<void>): EventSubscriber {
  return {
    get received() {
      return recorder.received;
    },
    latenciesMs: recorder.latenciesMs,
    get lastAt() {
      return recorder.lastAt;
    },
    waitFor: (count, deadline) => recorder.waitFor(count, deadline),
    close,
  };
}

/** Polls from now, at once again while `hasMore`, else after the `nextPollMs` it is told. */
async function openPollSubscriber(url: string): Promise<EventSubscriber> {
  const recorder = new Recorder();
  const options = { tasks: false, timeoutMs: 10_000 };
  const first = await postModernRequest(
    url,
    'events/poll',
    { name: BENCH_EVENT_TYPE, cursor: null },
    options,
  );
  let cursor = first.cursor;
  let open = true;
  // A failed poll ends the loop: the occurrences it would have read count as missing.
  const loop = (async () => {
    while (open) {
      const answer = await postModernRequest(
        url,
        'events/poll',
        { name: BENCH_EVENT_TYPE, cursor, maxEvents: 100 },
        options,
      );
      for (const event of answer.events as Record<string, unknown>[]) recorder.record(event);
      cursor = answer.cursor;
      if (answer.hasMore !== true) await sleep(Number(answer.nextPollMs ?? 1));
    }
  })().catch(() => undefined);
  return subscriberOf(recorder, async () => {
    open = false;
    await loop;
  });
}

/** The JSON-RPC messages of the complete `data:` frames of `text`, and what is left. */
function takeFrames(text: string): { messages: Record<string, unknown>[]; rest: string } {
  const frames = text.split('\n\n');
  const rest = frames.pop() ?? '';
  const messages = frames.flatMap((frame) =>
    frame
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice('data:'.length)) as Record<string, unknown>),
  );
  return { messages, rest };
}

/** Opens one `events/stream` from now, as the SDK's 2.x client frames it. */
async function postStream(url: string, signal: AbortSignal): Promise<Response> {
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return fetch(url, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'events/stream',
      'mcp-name': BENCH_EVENT_TYPE,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'events/stream',
      params: { name: BENCH_EVENT_TYPE, cursor: null, _meta: envelope },
    }),
  });
}

/** Reads the stream's frames to its end, recording occurrences; calls `onActive` at `active`. */
async function readStream(
  body: ReadableStream<Uint8Array>,
  recorder: Recorder,
  onActive: () => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { messages, rest } = takeFrames(text + value);
    text = rest;
    for (const message of messages) {
      if (message.method === 'notifications/events/active') onActive();
      if (message.method === 'notifications/events/event') {
        recorder.record(message.params as Record<string, unknown>);
      }
      if (message.error !== undefined) throw new Error(JSON.stringify(message.error));
    }
  }
}

/** One `events/stream` from now, read as it comes; ready once `active` arrived. */
async function openPushSubscriber(url: string): Promise<EventSubscriber> {
  const recorder = new Recorder();
  const abort = new AbortController();
  const response = await postStream(url, abort.signal);
  if (response.body === null) throw new Error(`events/stream: HTTP ${response.status}, no body`);
  let activated: () => void = () => {};
  const active = new Promise<void>((resolve) => {
    activated = resolve;
  });
  const reading = readStream(response.body, recorder, activated);
  await Promise.race([active, reading.then(() => Promise.reject(new Error('stream ended')))]);
  return subscriberOf(recorder, async () => {
    abort.abort();
    await reading.catch(() => undefined);
  });
}

/**
 * Subscribes to {@link BENCH_EVENT_TYPE} on `url` by `mode`, from now, over 2026-07-28.
 *
 * @example
 * ```ts
 * const subscriber = await openEventSubscriber(url, 'push');
 * await subscriber.waitFor(100, performance.now() + 10_000);
 * ```
 */
export function openEventSubscriber(url: string, mode: EventMode): Promise<EventSubscriber> {
  return mode === 'poll' ? openPollSubscriber(url) : openPushSubscriber(url);
}
