import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST a receiver got: its headers and raw body, as it arrived. */
export interface ReceivedPost {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Unix seconds when it arrived. */
  readonly receivedAt: number;
}

/** A real webhook endpoint on a loopback address, recording every POST. */
export interface TestReceiver {
  readonly port: number;
  readonly posts: ReceivedPost[];
  close(): Promise<void>;
}

/**
 * Starts a receiver: `respond` answers each POST (or leaves it hanging by not ending it).
 *
 * @example
 * ```ts
 * const receiver = await startReceiver({ respond: (_post, response) => response.end() });
 * ```
 */
export async function startReceiver(options: {
  respond: (post: ReceivedPost, response: ServerResponse) => void;
  host?: string;
  port?: number;
  tls?: { cert: string; key: string };
}): Promise<TestReceiver> {
  const posts: ReceivedPost[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const post = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Math.floor(Date.now() / 1000),
      };
      posts.push(post);
      options.respond(post, response);
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handle)
    : createHttpServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks a POST's signature as a receiver would, with `standardwebhooks`; throws when it fails.
 *
 * @example
 * ```ts
 * expect(verifyPost(secret, receiver.posts[0]!)).toStrictEqual(body);
 * ```
 */
export function verifyPost(secret: string, post: ReceivedPost): unknown {
  const headers = Object.fromEntries(
    Object.entries(post.headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return new Webhook(secret).verify(post.body, headers);
}

/** Answers every POST with `status` and an empty body. */
export function answerWith(status: number, headers: Record<string, string> = {}) {
  return (_post: ReceivedPost, response: ServerResponse) => {
    response.writeHead(status, headers).end();
  };
}

/** Answers a verification POST by echoing its challenge (or what `echo` makes of it). */
export function echoChallenge(echo: (challenge: string) => string = (challenge) => challenge) {
  return (post: ReceivedPost, response: ServerResponse) => {
    const { challenge } = JSON.parse(post.body) as { challenge: string };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ challenge: echo(challenge) }));
  };
}
