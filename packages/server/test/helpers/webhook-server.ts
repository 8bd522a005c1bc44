import { randomBytes } from 'node:crypto';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernStreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';
import { createEventRegistry, STOCK_LOW } from './event-requests.js';
import { as, authenticateBySubjectHeader } from './subject-clients.js';

/** A fresh Standard Webhooks secret: `whsec_` and 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * A server of the event registry serving `stock.low` over Streamable HTTP on a free port, whose
 * callers authenticate by the subject header (webhooks need an authenticated caller) and may
 * have deliveries made to the tests' receivers on 127.0.0.1; `options` override.
 *
 * @example
 * ```ts
 * const server = await startWebhookServer({ webhookAttempts: 1 });
 * ```
 */
export function startWebhookServer(options: ServeOptions = {}): Promise<ServerHandle> {
  return startServer(createEventRegistry(), {
    transport: 'streamable-http',
    port: 0,
    logger: createRecordingLogger(),
    eventTypes: [STOCK_LOW],
    authenticate: authenticateBySubjectHeader,
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
    ...options,
  });
}

/** A 2026-07-28 SDK client that emits `stock.low` through the registry's report tool. */
export interface StockReporter {
  report(sku: string, onHand: number): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Connects the SDK's 2.x client to `url` as `subject`; its `report` calls the tool that emits.
 *
 * @example
 * ```ts
 * const reporter = await connectStockReporter(server.url ?? '');
 * await reporter.report('W-1', 2);
 * ```
 */
export async function connectStockReporter(url: string, subject = 'shop'): Promise<StockReporter> {
  const client = new ModernClient(
    { name: 'emitter', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernStreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: as(subject) },
    }),
  );
  const { tools } = await client.listTools();
  const reportTool = tools.find((tool) => tool.name.includes('report'))?.name ?? '';
  return {
    report: (sku, onHand) => client.callTool({ name: reportTool, arguments: { sku, onHand } }),
    close: () => client.close(),
  };
}
