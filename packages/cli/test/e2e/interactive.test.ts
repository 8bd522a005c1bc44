import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type ClientCapabilities,
  ElicitRequestSchema,
  type ElicitResult,
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

async function serveExamples(
  extraArgs: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; url: URL }> {
  const port = await findFreePort();
  const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port, extraArgs), { env });
  const [, , url] = await server.waitForStderr(SERVING_LINE);
  return { server, url: new URL(url as string) };
}

async function connect(url: URL, capabilities: ClientCapabilities = {}): Promise<Client> {
  const client = new Client({ name: 'cli-e2e-interactive', version: '1.0.0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** Answers the server's questions with the answers given, in order; keeps the questions. */
function answerInTurn(client: Client, answers: ElicitResult[]): string[] {
  const questions: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    questions.push(request.params.message);
    return answers[questions.length - 1] ?? { action: 'cancel' };
  });
  return questions;
}

describe('the example modules that talk back, served by the binary', () => {
  it('sends progress for reportProgress and for each streamed chunk', async () => {
    const { server, url } = await serveExamples();
    try {
      const client = await connect(url);
      const audit: Progress[] = [];
      const audited = await client.callTool(
        { name: 'catalog-audit_stock', arguments: {} },
        undefined,
        { onprogress: (update) => audit.push(update) },
      );
      expect(JSON.parse(firstText(audited))).toEqual({
        checked: 5,
        low: [{ sku: 'LMP-100', stock: 7 }],
        outOfStock: ['MUG-002'],
      });
      expect(audit.map(({ progress, total }) => [progress, total])).toEqual([
        [1, 5],
        [2, 5],
        [3, 5],
        [4, 5],
        [5, 5],
      ]);
      const chunks: Progress[] = [];
      const summary = await client.callTool(
        { name: 'reports-sales_summary', arguments: {} },
        undefined,
        { onprogress: (update) => chunks.push(update) },
      );
      expect(chunks.map((update) => update.progress)).toEqual([1, 2, 3, 4]);
      expect(JSON.parse(chunks[0]?.message ?? '{}')).toHaveProperty('categories.home');
      expect(JSON.parse(firstText(summary))).toMatchObject({
        categories: { home: {}, kitchen: {}, pantry: {} },
        orders: { count: expect.any(Number) },
      });
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("sends the audit's log lines at the level the client set, and writes them to stderr", async () => {
    const { server, url } = await serveExamples();
    try {
      const client = await connect(url);
      const lines: LoggingMessageNotification['params'][] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
        lines.push(params);
      });
      await client.setLoggingLevel('info');
      await client.callTool({ name: 'catalog-audit_stock', arguments: {} });
      const audited = { message: 'Audited 5 products', data: { low: 1, outOfStock: 1 } };
      await expect.poll(() => lines.map((line) => line.data)).toContainEqual(audited);
      expect(lines).toEqual([
        {
          level: 'warning',
          logger: 'catalog.audit_stock',
          data: { message: 'MUG-002 is out of stock', data: { sku: 'MUG-002' } },
        },
        {
          level: 'notice',
          logger: 'catalog.audit_stock',
          data: { message: 'LMP-100 is low on stock', data: { sku: 'LMP-100', stock: 7 } },
        },
        { level: 'info', logger: 'catalog.audit_stock', data: audited },
      ]);
      const [record] = await server.waitForStderr(/^\{.*"msg":"MUG-002 is out of stock".*\}$/m);
      expect(JSON.parse(record)).toMatchObject({
        name: 'apcore-mcp',
        level: 40,
        moduleId: 'catalog.audit_stock',
        traceId: expect.any(String),
        mcpLevel: 'warning',
        data: { sku: 'MUG-002' },
      });
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('asks before refunding and before resetting preferences; a decline changes nothing', async () => {
    const { server, url } = await serveExamples();
    try {
      const client = await connect(url, { elicitation: {} });
      const questions = answerInTurn(client, [
        { action: 'decline' },
        { action: 'accept', content: { confirm: true } },
      ]);
      const refund = await client.callTool({
        name: 'orders-refund_order',
        arguments: { orderId: 'ORD-1', reason: 'damaged' },
      });
      expect(refund).toMatchObject({
        isError: true,
        content: [{ text: 'Approval denied' }, { type: 'text' /* the AI guidance appendix */ }],
      });
      expect(questions[0]).toContain('orders.refund_order');
      expect(questions[0]).toContain('"reason": "damaged"');
      await server.waitForStderr(
        /Approval denied for orders\.refund_order \(elicit: the user declined\)/,
      );

      await client.callTool({
        name: 'settings-set_preference',
        arguments: { key: 'theme', value: 'dark' },
      });
      const reset = await client.callTool({ name: 'settings-reset_preferences', arguments: {} });
      expect(JSON.parse(firstText(reset))).toEqual({ reset: ['theme'], confirmed: true });
      expect(questions[1]).toBe('Reset theme (dark) to the defaults?');
      await client.close();

      const cannotAsk = await connect(url);
      const refused = await cannotAsk.callTool({
        name: 'orders-refund_order',
        arguments: { orderId: 'ORD-1', reason: 'damaged' },
      });
      expect(refused._meta?.['apcore/errorCode']).toBe('APPROVAL_REQUIRED');
      expect(firstText(refused)).toContain('--approval allow');
      await cannotAsk.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('--approval allow (here from APCORE_MCP_APPROVAL) runs such modules unasked', async () => {
    const { server, url } = await serveExamples([], { APCORE_MCP_APPROVAL: 'allow' });
    try {
      const client = await connect(url);
      const refund = await client.callTool({
        name: 'orders-refund_order',
        arguments: { orderId: 'ORD-1', reason: 'damaged' },
      });
      // The module ran: there is simply no such order in a fresh shop.
      expect(firstText(refund)).toBe('Invalid input: No order ORD-1');
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('refuses an unknown --approval mode with exit 1, naming the allowed values', async () => {
    const server = startCli(['--extensions-dir', EXAMPLE_EXTENSIONS, '--approval', 'maybe']);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('--approval');
    expect(server.stderr()).toContain('elicit, deny, allow');
  });
});
