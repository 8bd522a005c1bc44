import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
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
  deliveries(): ReceivedPost[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  secret: string,
  path = '/hook',
): Promise<WebhookReceiver> {
  const posts: ReceivedPost[] = [];
  const answers: number[] = [];
  const receiver: { secret: string } = { secret };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Record<string, unknown>;
      let verified = true;
      try {
        new Webhook(receiver.secret).verify(raw, request.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      if (body.type === 'verification') {
        posts.push({ headers: request.headers, body, raw, verified, status: 200 });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ challenge: body.challenge }));
        return;
      }
      const status = answers.shift() ?? 200;
      posts.push({ headers: request.headers, body, raw, verified, status });
      // 0: hang, never answering (a receiver that times out).
      if (status !== 0) response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    posts,
    answers,
    get secret() {
      return receiver.secret;
    },
    set secret(value: string) {
      receiver.secret = value;
    },
    deliveries: () => posts.filter((post) => post.body.type !== 'verification'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
