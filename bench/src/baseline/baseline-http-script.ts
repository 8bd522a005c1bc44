/**
 * The hand-written Streamable HTTP server, as the JavaScript source `node -e` runs: only
 * `@modelcontextprotocol/sdk` and `node:http`. Like ours it gives every session its own
 * transport and low-level `Server`, reads and parses the body before the SDK sees it, and answers
 * `GET /health`; it serves the tools of the JSON file named by `BASELINE_TOOLS_FILE` with the
 * trivial handler, on `127.0.0.1:BASELINE_PORT` (0: any free port), and prints
 * `listening <port>` once it accepts connections.
 *
 * It is source text rather than a module of this package so that it starts exactly like a
 * hand-written server would: plain `node`, no TypeScript loader.
 */
export const BASELINE_HTTP_SCRIPT = `
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  isInitializeRequest,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const tools = JSON.parse(readFileSync(process.env.BASELINE_TOOLS_FILE, 'utf8'));
const names = new Set(tools.map((tool) => tool.name));
const answerCall = (inputs) => ({ ok: true, id: String(inputs.id) });

function createMcpServer() {
  const server = new Server(
    { name: 'baseline', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    if (!names.has(request.params.name)) {
      return { isError: true, content: [{ type: 'text', text: 'Module not found: ' + request.params.name }] };
    }
    const output = answerCall(request.params.arguments ?? {});
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  });
  return server;
}

const sessions = new Map();

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function handleMcp(request, response) {
  const body = request.method === 'POST' ? await readJson(request) : undefined;
  const sessionId = request.headers['mcp-session-id'];
  if (typeof sessionId === 'string') {
    const transport = sessions.get(sessionId);
    if (transport === undefined) return void response.writeHead(404).end();
    return transport.handleRequest(request, response, body);
  }
  if (request.method !== 'POST' || !isInitializeRequest(body)) return void response.writeHead(400).end();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => sessions.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
  };
  await createMcpServer().connect(transport);
  await transport.handleRequest(request, response, body);
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

/** The `node` arguments that run {@link BASELINE_HTTP_SCRIPT}. */
export const BASELINE_HTTP_ARGUMENTS: readonly string[] = [
  '--input-type=module',
  '-e',
  BASELINE_HTTP_SCRIPT,
];
