import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** The event type the event tests serve, and the module that emits it. */
export const EVENT_EXTENSION_FILES: Record<string, string> = {
  'events/stock-low.ts': `import { defineEventType } from '@apcore-mcp/core';
export default defineEventType({
  name: 'stock.low',
  description: 'A SKU fell below its reorder level',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
  payloadSchema: {
    type: 'object',
    properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
    required: ['sku', 'onHand'],
  },
});
`,
  'stock/report.ts': `import { defineModule, emit } from '@apcore-mcp/core';
export default defineModule({
  description: 'Reports a low stock, emitting stock.low.',
  inputSchema: {
    type: 'object',
    properties: { sku: { type: 'string' }, onHand: { type: 'integer' } },
    required: ['sku', 'onHand'],
  },
  execute: async ({ sku, onHand }, context) => {
    const emitted = await emit(context, 'stock.low', { sku, onHand });
    return { eventId: emitted?.eventId ?? null, pid: process.pid };
  },
});
`,
};

/** A fresh webhook secret, as a subscriber makes one. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** One delivery the receiver took, its signature checked with `standardwebhooks`. */
export interface ReceivedDelivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  readonly verified: boolean;
}

/**
 * A real webhook receiver on 127.0.0.1 (http, or https with `tls`): answers each verification
 * challenge, checks every POST with `standardwebhooks`, and answers deliveries 200, except that
 * with `hangFirst` the first delivery is never answered.
 */
export interface EventReceiver {
  readonly url: string;
  readonly deliveries: ReceivedDelivery[];
  /** Resolves once `count` deliveries have arrived. */
  waitForDeliveries(count: number): Promise<readonly ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startEventReceiver(
  secret: string,
  options: { hangFirst?: boolean; tls?: { cert: string; key: string } } = {},
): Promise<EventReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const waiters = new Set<() => void>();
  const handle = (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ): void => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Record<string, unknown>;
      if (body.type === 'verification') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ challenge: body.challenge }));
        return;
      }
      let verified = true;
      try {
        new Webhook(secret).verify(raw, request.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      deliveries.push({ headers: request.headers, body, verified });
      for (const wake of [...waiters]) wake();
      if (options.hangFirst === true && deliveries.length === 1) return;
      response.writeHead(200).end();
    });
  };
  const server =
    options.tls === undefined ? createHttpServer(handle) : createHttpsServer(options.tls, handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = options.tls === undefined ? 'http' : 'https';
  return {
    url: `${scheme}://127.0.0.1:${port}/hook`,
    deliveries,
    waitForDeliveries: (count) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (deliveries.length < count) return;
          waiters.delete(check);
          resolve(deliveries.slice());
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

/** One JSON-RPC message of an event stream. */
export interface StreamMessage {
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** An open `events/stream`: its messages as they arrive, `next` waits for one `take` accepts. */
export interface EventStream {
  readonly messages: StreamMessage[];
  next(take: (message: StreamMessage) => boolean): Promise<StreamMessage>;
  abort(): void;
}

let nextStreamId = 5000;

/** POSTs `events/stream` (2026-07-28) with `fetchWith` and reads its SSE answer. */
export async function openEventStream(
  url: string,
  params: Record<string, unknown>,
  options: { headers: Record<string, string>; fetch: typeof fetch },
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await options.fetch(url, {
    method: 'POST',
    signal: controller.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'events/stream',
      'mcp-name': String(params.name),
      ...options.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextStreamId++,
      method: 'events/stream',
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body ?? []) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          buffer = buffer.slice(end + 2);
          if (data.startsWith('{')) messages.push(JSON.parse(data) as StreamMessage);
        }
        for (const wake of [...waiters]) wake();
      }
    } catch {
      // Aborted by the test.
    }
    if (buffer.trimStart().startsWith('{')) messages.push(JSON.parse(buffer) as StreamMessage);
    ended = true;
    for (const wake of [...waiters]) wake();
  })();
  let read = 0;
  return {
    messages,
    abort: () => controller.abort(),
    next: (take) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          while (read < messages.length) {
            const message = messages[read++] as StreamMessage;
            if (take(message)) {
              waiters.delete(check);
              resolve(message);
              return;
            }
          }
          if (ended) {
            waiters.delete(check);
            reject(new Error(`The stream ended: ${JSON.stringify(messages)}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
}
