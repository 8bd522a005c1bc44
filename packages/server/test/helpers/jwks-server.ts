import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonWebKeySet } from '../../src/features/auth/auth-options.js';

/** A real JWKS endpoint on 127.0.0.1 whose answers a test controls, counting the fetches. */
export interface JwksServer {
  readonly url: string;
  /** Requests that reached it, failed ones included. */
  readonly fetches: number;
  /** Serves this key set from now on. */
  rotate(next: JsonWebKeySet): void;
  /** Answers 500 from now on (the process is up, the key set is not). */
  fail(): void;
  /** Answers the key set again. */
  recover(): void;
  /** Stops listening: fetches now fail to connect. */
  stop(): Promise<void>;
  /** Listens on the same port again. */
  restart(): Promise<void>;
  /** Stops for good (idempotent). */
  close(): Promise<void>;
}

/** Starts a {@link JwksServer} serving `initial`; resolves once it listens. */
export async function serveJwks(initial: JsonWebKeySet): Promise<JwksServer> {
  let keys = initial;
  let fetches = 0;
  let failing = false;
  const server = createServer((_request, response) => {
    fetches += 1;
    if (failing) {
      response.writeHead(500).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    get fetches() {
      return fetches;
    },
    rotate: (next) => {
      keys = next;
    },
    fail: () => {
      failing = true;
    },
    recover: () => {
      failing = false;
    },
    stop,
    restart: () => listen(port),
    close: stop,
  };
}
