import { randomUUID } from 'node:crypto';
import {
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

/** A fetch-shaped lane: answers one request, and closes what it still holds. */
export interface FetchLane {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

function sessionNotFound(): Response {
  const error = { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } };
  return Response.json(error, { status: 404 });
}

/**
 * 2025-11-25 traffic with sessions, as that revision's clients expect (the SDK's own stateless
 * fallback cannot ask the client anything: no elicitation, no sampling): an `initialize`
 * gets a server of its own from `createServer` on the SDK's Streamable HTTP transport, and every
 * later request of its `Mcp-Session-Id` goes to that transport.
 *
 * @example
 * ```ts
 * const legacy = createLegacySessions(() => createAppServer(registry, options));
 * const response = await legacy.fetch(request);
 * ```
 */
export function createLegacySessions(createServer: () => Promise<McpServer>): FetchLane {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return {
    async fetch(request) {
      const sessionId = request.headers.get('mcp-session-id');
      if (sessionId !== null) {
        return (await sessions.get(sessionId)?.handleRequest(request)) ?? sessionNotFound();
      }
      const server = await createServer();
      const transport: WebStandardStreamableHTTPServerTransport =
        new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, transport);
          },
          onsessionclosed: (id) => {
            sessions.delete(id);
            void server.close();
          },
        });
      await server.connect(transport);
      const response = await transport.handleRequest(request);
      // Not an initialize (the transport refused it): no session holds the server.
      if (transport.sessionId === undefined) await server.close();
      return response;
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((transport) => transport.close()));
    },
  };
}
