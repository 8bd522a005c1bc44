import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpHandler } from '@apcore-mcp/server';
import { createNotesRegistry } from './notes-registry.js';

/** The app's HTTP server with MCP mounted at `/mcp`, listening on 127.0.0.1. */
export interface AppServer {
  /** Where MCP clients connect. */
  mcpUrl: string;
  /** The app's own address. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a plain `http.createServer` app whose own routes (`GET /`) sit next to the MCP
 * endpoint (`/mcp`, plus `GET /health`) served by `createMcpHandler`. The handler is given a
 * `next` callback, so every request it does not serve falls through to the app.
 *
 * @example
 * ```ts
 * const app = await startAppServer({ port: 0 });
 * console.log(app.mcpUrl); // http://127.0.0.1:53211/mcp
 * await app.close();
 * ```
 */
export async function startAppServer(options: { port: number }): Promise<AppServer> {
  const mcp: McpHandler = await createMcpHandler(createNotesRegistry(), {
    name: 'notes-app',
    version: '1.0.0',
    logLevel: 'warn',
  });
  const server: Server = createServer((request, response) => {
    mcp(request, response, () => {
      if (request.method === 'GET' && request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('The notes app. MCP clients connect to /mcp.\n');
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    close: async () => {
      // MCP first (lets in-flight calls finish, ends sessions), then the socket.
      await mcp.close();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
