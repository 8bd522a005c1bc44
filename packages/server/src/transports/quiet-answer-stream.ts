import type { McpHttpHandler, RequestId } from '@modelcontextprotocol/server';
import { requestIdOf } from './request-id.js';
import { SSE_KEEP_ALIVE_FRAME } from './sse-keep-alive.js';

type FetchAnswer = McpHttpHandler['fetch'];

/** The headers the SDK gives its own event streams. */
const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  // Tells nginx not to buffer the stream, whatever `proxy_buffering` says.
  'x-accel-buffering': 'no',
};

/**
 * Wraps the 2026-07-28 handler's `fetch` so that an answer that has not begun after `intervalMs`
 * turns into an event stream carrying keep-alive comments (`0`: never). The SDK answers a call
 * that sends nothing before its result with one JSON body, written once the result exists: until
 * then a proxy sees no byte at all and times a long call out (nginx answers 504 after its
 * `proxy_read_timeout`). Started early, the stream gives the comments a way through; the answer,
 * when it comes, is the stream's `message` event, framed as the SDK frames a streamed one (or, if
 * the SDK began streaming meanwhile, its own stream follows). A quicker answer passes untouched,
 * its HTTP status with it.
 *
 * @example
 * ```ts
 * const serveModern = toNodeHandler({ fetch: streamQuietAnswers(handler.fetch, 15_000) });
 * ```
 */
export function streamQuietAnswers(fetchAnswer: FetchAnswer, intervalMs: number): FetchAnswer {
  if (intervalMs <= 0) return fetchAnswer;
  return async (request, options) => {
    const answer = fetchAnswer(request, options);
    if (request.method !== 'POST') return answer;
    let timer: NodeJS.Timeout | undefined;
    const quiet = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), intervalMs);
    });
    try {
      const early = await Promise.race([answer, quiet]);
      if (early !== undefined) return early;
    } finally {
      clearTimeout(timer);
    }
    const requestId = requestIdOf(options?.parsedBody);
    return new Response(streamUntilAnswered(answer, intervalMs, requestId), {
      status: 200,
      headers: EVENT_STREAM_HEADERS,
    });
  };
}

/** A keep-alive comment now and every `intervalMs`, then the answer, then the end. */
function streamUntilAnswered(
  answer: Promise<Response>,
  intervalMs: number,
  requestId: RequestId | null,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let open = true;
  let timer: NodeJS.Timeout | undefined;
  let inner: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    start: (controller) => {
      const send = (bytes: Uint8Array): void => {
        if (open) controller.enqueue(bytes);
      };
      const finish = (): void => {
        clearInterval(timer);
        if (!open) return;
        open = false;
        controller.close();
      };
      send(encoder.encode(SSE_KEEP_ALIVE_FRAME));
      timer = setInterval(() => send(encoder.encode(SSE_KEEP_ALIVE_FRAME)), intervalMs);
      answer
        .then(async (response) => {
          clearInterval(timer);
          if (isEventStream(response) && response.body !== null) {
            inner = response.body.getReader();
            // A client gone meanwhile: cancel() did not see this reader, so release it here.
            if (!open) return void (await inner.cancel());
            for (let chunk = await inner.read(); !chunk.done; chunk = await inner.read()) {
              send(chunk.value);
            }
          } else {
            const text = await response.text();
            if (text !== '') send(encoder.encode(messageEvent(text, requestId)));
          }
          finish();
        })
        .catch(() => {
          send(encoder.encode(messageEvent(undefined, requestId)));
          finish();
        });
    },
    cancel: async (reason) => {
      open = false;
      clearInterval(timer);
      await inner?.cancel(reason);
    },
  });
}

function isEventStream(response: Response): boolean {
  return response.headers.get('content-type')?.startsWith('text/event-stream') === true;
}

/**
 * One JSON-RPC message as an SSE `message` event, on a single `data:` line; when there is no
 * message to send (the handler failed), the internal error the SDK's adapter answers with.
 */
function messageEvent(json: string | undefined, requestId: RequestId | null): string {
  let message: unknown;
  try {
    message = json === undefined ? undefined : JSON.parse(json);
  } catch {
    message = undefined;
  }
  message ??= {
    jsonrpc: '2.0',
    error: { code: -32603, message: 'Internal server error' },
    id: requestId,
  };
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
