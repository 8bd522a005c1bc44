import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
  toWebRequest,
} from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import { buildTinyServer } from './tiny-server.js';

/** The tiny server listening on 127.0.0.1: Streamable HTTP at `/mcp` (both eras), SSE at `/sse`. */
export interface TinyHttpServer {
  readonly mcpUrl: string;
  readonly sseUrl: string;
  close(): Promise<void>;
}

interface Closable {
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the tiny server the way a hand-written v2 server serves both eras on one port: 2026
 * requests through `createMcpHandler` (legacy rejected), 2025 requests through a map of
 * sessionful transports, and the old SSE transport beside them.
 */
export async function startTinyHttpServer(): Promise<TinyHttpServer> {
  const modernHandler = createMcpHandler(({ era }) => buildTinyServer(era), { legacy: 'reject' });
  const modern = toNodeHandler(modernHandler);
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const sseSessions = new Map<string, SSEServerTransport>();
  const open = new Set<Closable>();

  async function legacyLane(request: IncomingMessage, response: ServerResponse, body: unknown) {
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing !== undefined) return existing.handleRequest(request, response, body);
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      open.delete(transport);
    };
    open.add(transport);
    await buildTinyServer('legacy').connect(transport);
    await transport.handleRequest(request, response, body);
  }

  async function sseLane(request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'GET') {
      const transport = new SSEServerTransport('/messages', response);
      sseSessions.set(transport.sessionId, transport);
      open.add(transport);
      transport.onclose = () => {
        sseSessions.delete(transport.sessionId);
        open.delete(transport);
      };
      await buildTinyServer('sse').connect(transport);
      return;
    }
    const id = new URL(request.url ?? '', 'http://x').searchParams.get('sessionId') ?? '';
    const transport = sseSessions.get(id);
    if (transport === undefined) response.writeHead(404).end();
    else await transport.handlePostMessage(request, response, await readJson(request));
  }

  const http = createServer((request, response) => {
    const route = async () => {
      const path = new URL(request.url ?? '', 'http://x').pathname;
      if (path === '/sse' || path === '/messages') return sseLane(request, response);
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      if (await isLegacyRequest(await toWebRequest(request, body), body)) {
        return legacyLane(request, response, body);
      }
      return modern(request, response, body);
    };
    route().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    mcpUrl: `${base}/mcp`,
    sseUrl: `${base}/sse`,
    async close() {
      await Promise.allSettled([...open].map((transport) => transport.close()));
      await modernHandler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
