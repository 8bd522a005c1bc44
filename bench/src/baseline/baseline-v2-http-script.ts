import { BASELINE_V2_SERVER } from './baseline-v2-server.js';
/**
 * The hand-written Streamable HTTP server on the MCP SDK's 2.x packages, as the JavaScript source
 * `node -e` runs: only `@modelcontextprotocol/server`, `@modelcontextprotocol/node` and
 * `node:http`. It serves both protocol revisions on one endpoint, the way the 2.x SDK documents:
 * 2026-07-28 requests through `createMcpHandler` (which builds a low-level `Server` per request
 * and keeps no session; 2025 traffic is rejected there), and 2025-11-25 requests through a map of
 * sessionful transports, one `Server` per session, as the 1.x baseline does. Otherwise the same
 * as the 1.x baseline: the tools of the JSON file named by `BASELINE_TOOLS_FILE` with the trivial
 * handler, the body read and parsed before the SDK sees it, `GET /health`, on
 * `127.0.0.1:BASELINE_PORT` (0: any free port), and `listening <port>` once it accepts
 * connections.
 */
export const BASELINE_V2_HTTP_SCRIPT = `
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest, Server } from '@modelcontextprotocol/server';

${BASELINE_V2_SERVER}

const modern = toNodeHandler(createMcpHandler(() => createMcpServer(), { legacy: 'reject' }));
const sessions = new Map();

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function handleLegacy(request, response, body) {
  const sessionId = request.headers['mcp-session-id'];
  if (typeof sessionId === 'string') {
    const transport = sessions.get(sessionId);
    if (transport === undefined) return void response.writeHead(404).end();
    return transport.handleRequest(request, response, body);
  }
  if (request.method !== 'POST' || !isInitializeRequest(body)) return void response.writeHead(400).end();
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => sessions.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
  };
  await createMcpServer().connect(transport);
  await transport.handleRequest(request, response, body);
}

async function handleMcp(request, response) {
  const body = request.method === 'POST' ? await readJson(request) : undefined;
  if (await isLegacyRequest(await toWebRequest(request, body), body)) {
    return handleLegacy(request, response, body);
  }
  return modern(request, response, body);
}

const httpServer = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/health' && request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ status: 'ok', moduleCount: tools.length }));
  }
  if (path !== '/mcp') return void response.writeHead(404).end();
  handleMcp(request, response).catch(() => {
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
httpServer.listen(Number(process.env.BASELINE_PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write('listening ' + httpServer.address().port + '\\n');
});
// Stopped with SIGTERM: exit normally (a --cpu-prof profile is then written on exit).
process.once('SIGTERM', () => process.exit(0));
`;

/** The `node` arguments that run {@link BASELINE_V2_HTTP_SCRIPT}. */
export const BASELINE_V2_HTTP_ARGUMENTS: readonly string[] = [
  '--input-type=module',
  '-e',
  BASELINE_V2_HTTP_SCRIPT,
];
