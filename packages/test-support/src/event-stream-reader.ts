import { sendModernRequest } from './modern-request.js';

/** One JSON-RPC message of an event stream (a notification or the final result). */
export interface StreamMessage {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * An `events/stream` request read as it arrives: its SSE `data:` messages in order (or the
 * JSON answer of a refused one), `next` waits for the next message a predicate takes.
 */
export interface EventStreamReader {
  readonly id: number;
  readonly status: number;
  readonly messages: StreamMessage[];
  /** The SSE comment lines (`: keepalive`) the stream carried, which it should not. */
  readonly comments: string[];
  next(take?: (message: StreamMessage) => boolean): Promise<StreamMessage>;
  /** Resolves when the server ended the response. */
  readonly ended: Promise<void>;
  abort(): void;
}

/**
 * POSTs `events/stream` (2026-07-28) and reads its answer as a stream of messages; `options`
 * add headers (a bearer token, say) or send with another `fetch` (one resolving a public host
 * name to 127.0.0.1, behind a proxy).
 *
 * @example
 * ```ts
 * const stream = await openEventStream(url, { name: 'stock.low', cursor: null });
 * const active = await stream.next();
 * stream.abort();
 * ```
 */
export async function openEventStream(
  url: string,
  params: Record<string, unknown>,
  options: { headers?: Record<string, string>; fetch?: typeof fetch } = {},
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const { id, response } = await sendModernRequest(url, 'events/stream', params, {
    ...options,
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const ended = readMessages(response, { messages, comments }, () => {
    for (const wake of waiters) wake();
  });
  let read = 0;
  return {
    id,
    status: response.status,
    messages,
    comments,
    ended,
    abort: () => controller.abort(),
    async next(take = () => true) {
      for (;;) {
        while (read < messages.length) {
          const message = messages[read++] as StreamMessage;
          if (take(message)) return message;
        }
        let finished = false;
        await Promise.race([
          new Promise<void>((resolve) => waiters.add(resolve)),
          ended.then(() => {
            finished = true;
          }),
        ]);
        if (finished && read >= messages.length) throw new Error('The stream ended');
      }
    },
  };
}

async function readMessages(
  response: Response,
  read: { messages: StreamMessage[]; comments: string[] },
  wake: () => void,
): Promise<void> {
  const { messages, comments } = read;
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body ?? []) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      if (buffer.trimStart().startsWith('{')) continue;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        comments.push(...frame.split('\n').filter((line) => line.startsWith(':')));
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('');
        if (data.startsWith('{')) {
          messages.push(JSON.parse(data) as StreamMessage);
          wake();
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // Aborted by the test.
  }
  if (buffer.trimStart().startsWith('{')) messages.push(JSON.parse(buffer) as StreamMessage);
  wake();
}
