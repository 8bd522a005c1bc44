import { CLI_VERSION } from '../../package-version.js';

/** The revision that defines the events extension; requests claim it. */
const EVENTS_REVISION = '2026-07-28';

/** The extension's name, declared among the client's capabilities on each request. */
const EVENTS_EXTENSION = 'io.modelcontextprotocol/events';

/** One JSON-RPC message the server sent: a notification, a result or an error. */
export interface RpcMessage {
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** Where and as whom the requests go. */
export interface RpcTarget {
  url: string;
  token: string | undefined;
}

let nextId = 1;

/**
 * POSTs one 2026-07-28 request over Streamable HTTP, framed as that revision asks (no
 * `initialize`: each request carries the revision, the client and its capabilities in `_meta`,
 * and the `Mcp-Method`/`Mcp-Name` headers). Resolves to the response, its body unread.
 *
 * @throws {Error} the network error of `fetch` (refused, reset, aborted).
 * @example
 * ```ts
 * const response = await postEventRequest(target, 'events/poll', { name, cursor: null }, signal);
 * ```
 */
export function postEventRequest(
  target: RpcTarget,
  method: string,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Response> {
  return fetch(target.url, {
    method: 'POST',
    signal,
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
          'io.modelcontextprotocol/clientInfo': { name: 'apcore-mcp-cli', version: CLI_VERSION },
          'io.modelcontextprotocol/clientCapabilities': { extensions: { [EVENTS_EXTENSION]: {} } },
        },
      },
    }),
  });
}

/**
 * The JSON-RPC messages of a response as they arrive: each `data:` message of an event stream,
 * or the one JSON body of a plain answer. Ends when the server ends the response; a dropped
 * connection throws from the iteration.
 *
 * @example
 * ```ts
 * for await (const message of readRpcMessages(response)) console.log(message.method);
 * ```
 */
export async function* readRpcMessages(response: Response): AsyncGenerator<RpcMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  const json = !(response.headers.get('content-type') ?? '').includes('text/event-stream');
  for await (const chunk of response.body ?? []) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    if (json) continue;
    buffer = buffer.replaceAll('\r\n', '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const message = parseFrame(buffer.slice(0, end), response.status);
      buffer = buffer.slice(end + 2);
      if (message !== undefined) yield message;
      end = buffer.indexOf('\n\n');
    }
  }
  if (json && buffer.trim() !== '') yield parseJson(buffer, response.status);
}

/** The JSON message of one SSE frame's `data:` lines; none for a comment or a priming frame. */
function parseFrame(frame: string, status: number): RpcMessage | undefined {
  const data = frame
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trimStart())
    .join('\n');
  return data.trimStart().startsWith('{') ? parseJson(data, status) : undefined;
}

/** A JSON-RPC 2.0 message, or an error saying the URL is likely not an MCP endpoint. */
function parseJson(text: string, status: number): RpcMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if ((value as { jsonrpc?: unknown } | undefined)?.jsonrpc !== '2.0') {
    throw new SyntaxError(`HTTP ${status} without a JSON-RPC answer: is this the MCP endpoint?`);
  }
  return value as RpcMessage;
}
