import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST the receiver took, its signature checked with `standardwebhooks`. */
export interface ReceivedPost {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The body as it came, for checking a signature with another secret. */
  raw: string;
  /** `Webhook.verify` passed with the receiver's secret. */
  verified: boolean;
  /** The status the receiver answered. */
  status: number;
}

/**
 * A real webhook receiver on 127.0.0.1: answers each verification challenge, checks every POST's
 * signature with `standardwebhooks` and answers deliveries with the statuses queued in
 * `answers` (then 200; 0 never answers).
 */
export interface WebhookReceiver {
  readonly url: string;
  readonly posts: ReceivedPost[];
  readonly answers: number[];
  secret: string;
  /** The event deliveries so far (every POST but the verification challenges). */
  deliveries(): ReceivedPost[];
  /** Resolves once `count` deliveries have arrived. */
  waitForDeliveries(count: number): Promise<ReceivedPost[]>;
  close(): Promise<void>;
}

/**
 * Starts a {@link WebhookReceiver} at `path` (default `/hook`), over https with `tls` (a
 * certificate the sender must trust, `NODE_EXTRA_CA_CERTS` for a spawned one).
 *
 * @example
 * ```ts
 * const receiver = await startWebhookReceiver(secret, { path: '/other' });
 * receiver.answers.push(500); // the next delivery gets 500, the one after 200
 * const [first] = await receiver.waitForDeliveries(1);
 * ```
 */
export async function startWebhookReceiver(
  secret: string,
  options: { path?: string; tls?: { cert: string; key: string } } = {},
): Promise<WebhookReceiver> {
  const posts: ReceivedPost[] = [];
  const answers: number[] = [];
  const receiver: { secret: string } = { secret };
  const waiters = new Set<() => void>();
  const deliveries = () => posts.filter((post) => post.body.type !== 'verification');
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    void readPost(request, receiver.secret).then((post) => {
      if (post.body.type === 'verification') {
        posts.push({ ...post, status: 200 });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ challenge: post.body.challenge }));
        return;
      }
      const status = answers.shift() ?? 200;
      posts.push({ ...post, status });
      for (const wake of [...waiters]) wake();
      // 0: hang, never answering (a receiver that times out).
      if (status !== 0) response.writeHead(status).end();
    });
  };
  const { server, origin } = await listenOnLoopback(handle, options.tls);
  return {
    url: `${origin}${options.path ?? '/hook'}`,
    posts,
    answers,
    get secret() {
      return receiver.secret;
    },
    set secret(value: string) {
      receiver.secret = value;
    },
    deliveries,
    waitForDeliveries: (count) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (deliveries().length < count) return;
          waiters.delete(check);
          resolve(deliveries());
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A POST's headers, body and raw text, its signature checked with `secret`. */
async function readPost(
  request: IncomingMessage,
  secret: string,
): Promise<Omit<ReceivedPost, 'status'>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  let verified = true;
  try {
    new Webhook(secret).verify(raw, request.headers as Record<string, string>);
  } catch {
    verified = false;
  }
  const body = JSON.parse(raw) as Record<string, unknown>;
  return { headers: request.headers, body, raw, verified };
}

/** An http server (https with `tls`) of `handle` on a free port of 127.0.0.1, and its origin. */
async function listenOnLoopback(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  tls: { cert: string; key: string } | undefined,
): Promise<{ server: Server; origin: string }> {
  const server: Server = tls === undefined ? createServer(handle) : createHttpsServer(tls, handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}` };
}
