import type { InspectorPageConfig } from '../../page-config.js';

/** The revision that defines the events extension; every request claims it. */
const EVENTS_REVISION = '2026-07-28';

/** One JSON-RPC message from the server: a notification, a result or an error. */
export interface EventRpcMessage {
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** A JSON-RPC error answer, thrown by {@link sendEventRequest}. */
export class EventRpcError extends Error {
  override readonly name = 'EventRpcError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where the page's event requests go, and with which token (memory only). */
export interface EventsEndpoint {
  config: InspectorPageConfig;
  token: string | undefined;
}

let nextId = 1;

/**
 * POSTs one 2026-07-28 request to the page's own endpoint. The SDK's client has no methods for
 * the events extension, so the page frames them as that revision does: the revision, client
 * and capabilities in `_meta`, and the `Mcp-Method`/`Mcp-Name` headers.
 */
function post(
  target: EventsEndpoint,
  method: string,
  params: Record<string, unknown>,
  signal?: AbortSignal,
) {
  const url = new URL(target.config.endpoint, window.location.href);
  return fetch(url, {
    method: 'POST',
    ...(signal === undefined ? {} : { signal }),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': EVENTS_REVISION,
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...(target.token === undefined ? {} : { authorization: `Bearer ${target.token}` }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': EVENTS_REVISION,
          'io.modelcontextprotocol/clientInfo': { name: 'apcore-mcp-inspector', version: '0.1.0' },
          'io.modelcontextprotocol/clientCapabilities': {
            extensions: { 'io.modelcontextprotocol/events': {} },
          },
        },
      },
    }),
  });
}

/**
 * Sends one events request and resolves to its result.
 *
 * @throws {EventRpcError} the server's JSON-RPC error (`-32601` when it does not serve the method).
 * @example
 * ```ts
 * const { events } = await sendEventRequest(target, 'events/list', {});
 * ```
 */
export async function sendEventRequest(
  target: EventsEndpoint,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await post(target, method, params);
  let last: EventRpcMessage | undefined;
  for await (const message of readMessages(response)) last = message;
  if (last?.error !== undefined) throw new EventRpcError(last.error.code, last.error.message);
  if (last?.result === undefined) throw new EventRpcError(0, `HTTP ${response.status}`);
  return last.result;
}

/**
 * Opens `events/stream` and hands each message to `onMessage` as it arrives; resolves when the
 * server ends the stream or `signal` aborts (the page's Stop).
 *
 * @example
 * ```ts
 * await streamEvents(target, { name: 'stock.low', cursor: null }, show, controller.signal);
 * ```
 */
export async function streamEvents(
  target: EventsEndpoint,
  params: Record<string, unknown>,
  onMessage: (message: EventRpcMessage) => void,
  signal: AbortSignal,
): Promise<void> {
  try {
    const response = await post(target, 'events/stream', params, signal);
    for await (const message of readMessages(response)) onMessage(message);
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/** The messages of a response: each SSE `data:` message, or the one JSON body. */
async function* readMessages(response: Response): AsyncGenerator<EventRpcMessage> {
  const stream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const chunk = reader === undefined ? { done: true as const } : await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true }).replaceAll('\r\n', '\n');
    if (!stream) continue;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trimStart())
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data.startsWith('{')) yield JSON.parse(data) as EventRpcMessage;
      end = buffer.indexOf('\n\n');
    }
  }
  if (!stream && buffer.trim().startsWith('{')) yield JSON.parse(buffer) as EventRpcMessage;
}
