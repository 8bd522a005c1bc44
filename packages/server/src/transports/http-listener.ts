import { createServer, type Server as HttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ListenError } from './listen-error.js';
import type { TlsOptions } from './tls-option.js';

/** A listening HTTP server and the port it actually got (useful with port 0). */
export interface ListeningServer {
  server: HttpServer;
  port: number;
}

/** What the HTTP server answers. */
export interface HttpListeners {
  request: RequestListener;
  /** A request sent with `Expect: 100-continue`, before its body (Node's `checkContinue`). */
  checkContinue: RequestListener;
}

/**
 * Creates an HTTP server (HTTPS with `tls`) and listens; a failure becomes a {@link ListenError}
 * naming host:port.
 */
export function listenHttp(
  listeners: HttpListeners,
  host: string,
  port: number,
  tls?: TlsOptions,
): Promise<ListeningServer> {
  const server: HttpServer =
    tls === undefined
      ? createServer(listeners.request)
      : createHttpsServer({ cert: tls.cert, key: tls.key }, listeners.request);
  server.on('checkContinue', listeners.checkContinue);
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(new ListenError(error, { host, port }));
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve({ server, port: (server.address() as AddressInfo).port });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
