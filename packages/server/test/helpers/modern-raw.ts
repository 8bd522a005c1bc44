import { postModernRequest } from '@apcore-mcp/test-support';
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
  const { protocolVersion = MODERN_REVISION, elicitation = true, headers = {} } = options;
  const capabilities = options.capabilities ?? (elicitation ? { elicitation: { form: {} } } : {});
  return (await postModernRequest(url, method, params, {
    protocolVersion,
    capabilities,
    headers,
  })) as RawAnswer;
}
