/** What a raw 2026-07-28 request answers: the JSON-RPC response and the HTTP status. */
export interface RawAnswer {
  status: number;
  body: {
    id?: string | number | null;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
}

/** The body of a `tools/call` a 2026-07-28 client sends, with its `_meta` envelope. */
export interface RawToolCall {
  name: string;
  arguments?: Record<string, unknown>;
  inputResponses?: Record<string, unknown>;
  requestState?: string;
  /** Declare the elicitation capability; default true. */
  elicitation?: boolean;
  /** More HTTP headers (an `Mcp-Param-*` one, say). */
  headers?: Record<string, string>;
}

/** The protocol revision raw requests claim unless told otherwise. */
export const MODERN_REVISION = '2026-07-28';

let nextId = 1;

/** The per-request `_meta` envelope of a 2026-07-28 request claiming `protocolVersion`. */
export function modernEnvelope(
  protocolVersion: string = MODERN_REVISION,
  elicitation = true,
  capabilities?: Record<string, unknown>,
): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': protocolVersion,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities':
      capabilities ?? (elicitation ? { elicitation: { form: {} } } : {}),
  };
}

/**
 * Sends one 2026-07-28 `tools/call` by hand, the way the 2.x client frames it (envelope,
 * `Mcp-Method`/`Mcp-Name` headers), for what the client would never send: forged or replayed
 * `requestState`, answers to questions it was not asked.
 */
export function postToolCall(url: string, call: RawToolCall): Promise<RawAnswer> {
  const { name, elicitation = true, headers, ...params } = call;
  return postModern(
    url,
    'tools/call',
    { name, arguments: {}, ...params },
    { elicitation, headers },
  );
}

/**
 * Sends one request framed like a 2026-07-28 client's, but claiming `protocolVersion` in both
 * the envelope and the `Mcp-Protocol-Version` header: what a client of a later revision sends.
 */
export async function postModern(
  url: string,
  method: string,
  params: Record<string, unknown> & { name?: string },
  options: {
    protocolVersion?: string;
    elicitation?: boolean;
    headers?: Record<string, string>;
    /** The client capabilities the envelope declares (instead of `elicitation`'s). */
    capabilities?: Record<string, unknown>;
  } = {},
): Promise<RawAnswer> {
  const {
    protocolVersion = MODERN_REVISION,
    elicitation = true,
    headers = {},
    capabilities,
  } = options;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': protocolVersion,
      'mcp-method': method,
      ...(params.name === undefined ? {} : { 'mcp-name': params.name }),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: { ...params, _meta: modernEnvelope(protocolVersion, elicitation, capabilities) },
    }),
  });
  return { status: response.status, body: parseBody(await response.text()) };
}

/** A JSON body, or the last `data:` message of an SSE body. */
function parseBody(text: string): RawAnswer['body'] {
  if (text.trimStart().startsWith('{')) return JSON.parse(text) as RawAnswer['body'];
  const messages = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim())
    .filter((data) => data.startsWith('{'));
  const last = messages.at(-1);
  if (last === undefined) throw new Error(`No JSON-RPC message in: ${text.slice(0, 200)}`);
  return JSON.parse(last) as RawAnswer['body'];
}
