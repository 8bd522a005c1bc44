import { initializeRequest } from '@apcore-mcp/test-support';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernStreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/**
 * An SDK client connected over Streamable HTTP. `standaloneStream` resolves once the client's
 * GET stream (where server-initiated notifications arrive) is open.
 */
export async function connectStreamable(
  url: string,
  capabilities: ClientCapabilities = {},
): Promise<{
  client: Client;
  transport: StreamableHTTPClientTransport;
  standaloneStream: Promise<void>;
}> {
  let streamOpened: () => void = () => {};
  const standaloneStream = new Promise<void>((resolve) => {
    streamOpened = resolve;
  });
  const watchingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method === 'GET' && response.ok) streamOpened();
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: watchingFetch });
  const client = new Client({ name: 'e2e-client', version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  return { client, transport, standaloneStream };
}

/** A 2.x SDK client pinned to MCP 2026-07-28, connected over Streamable HTTP. */
export async function connectModernStreamable(url: string): Promise<ModernClient> {
  const client = new ModernClient(
    { name: 'e2e-modern-client', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new ModernStreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** An SDK client connected over the legacy SSE transport. */
export async function connectSse(url: string): Promise<Client> {
  const client = new Client({ name: 'e2e-sse-client', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(url)));
  return client;
}

/**
 * An SDK client connected over the legacy SSE transport, and the URL its session's messages are
 * posted to (`/messages?sessionId=...`), for raw requests within that session.
 */
export async function connectSseSession(
  url: string,
): Promise<{ client: Client; messagesUrl: string }> {
  let messagesUrl = '';
  const watchingFetch: typeof fetch = (input, init) => {
    if (init?.method === 'POST') messagesUrl = String(input);
    return fetch(input, init);
  };
  const client = new Client({ name: 'e2e-sse-client', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(url), { fetch: watchingFetch }));
  // Connecting posted `initialize`: the URL is known by now.
  return { client, messagesUrl };
}

/** The JSON-RPC initialize request a client sends first. */
export const INITIALIZE_REQUEST = initializeRequest('raw-http');

/** Headers a Streamable HTTP POST needs. */
export const MCP_POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
