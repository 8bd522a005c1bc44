import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test API saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A route of the test API: answers one request (the body already read). */
export type Route = (request: SeenRequest, response: ServerResponse) => void;

/** A real HTTP API on 127.0.0.1 for one test file. */
export interface TestApi {
  url: string;
  seen: SeenRequest[];
  /** Requests whose response closed before it ended (the client went away). */
  abandoned: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a `node:http` server on a free port of 127.0.0.1 answering by `METHOD /path` routes. */
export async function startTestApi(routes: Record<string, Route>): Promise<TestApi> {
  const seen: SeenRequest[] = [];
  const abandoned: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      const entry: SeenRequest = {
        method: request.method ?? 'GET',
        url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      response.on('close', () => {
        if (!response.writableEnded) abandoned.push(entry);
      });
      const route = routes[`${entry.method} ${url.split('?')[0]}`];
      if (route === undefined) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"message":"no route"}');
      } else route(entry, response);
    });
  });
  // Keep idle connections open for the whole file: with the default 5 s, a busy machine can
  // reuse a socket fetch still holds just as the server closes it (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    abandoned,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON. */
export function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
