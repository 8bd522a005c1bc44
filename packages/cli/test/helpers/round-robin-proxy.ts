import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running round-robin proxy: its URL, and how many requests each upstream got. */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`; append the endpoint path. */
  readonly url: string;
  /** Requests forwarded to each upstream, in the order the upstreams were given. */
  readonly served: number[];
  close(): Promise<void>;
}

/**
 * The simplest load balancer there is: each HTTP request goes to the next upstream in turn,
 * with no affinity of any kind, its body and answer streamed through unchanged. A client's
 * consecutive requests land on different upstreams, which is the point.
 *
 * @example
 * ```ts
 * const proxy = await startRoundRobinProxy(['http://127.0.0.1:4001', 'http://127.0.0.1:4002']);
 * ```
 */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const upstream = forward(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    // A client that goes away ends the upstream request too.
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
