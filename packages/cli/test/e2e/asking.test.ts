import { findFreePort, firstText } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
  SERVING_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';

let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serveExamples(): Promise<URL> {
  server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, await findFreePort()));
  const [, , url] = await server.waitForStderr(SERVING_LINE);
  return new URL(url as string);
}

describe('the example module that asks a form, the model and the roots at once', () => {
  it('gets all three answers from a 2025-11-25 client that offers them', async () => {
    const url = await serveExamples();
    const client = new Client(
      { name: 'cli-e2e-asking', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} } },
    );
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, () => {
      asked.push('form');
      return { action: 'accept', content: { format: 'csv' } };
    });
    client.setRequestHandler(CreateMessageRequestSchema, () => {
      asked.push('sampling');
      const content = { type: 'text' as const, text: 'Prices in euros.' };
      return { role: 'assistant', content, model: 'test-model' };
    });
    client.setRequestHandler(ListRootsRequestSchema, () => {
      asked.push('roots');
      return { roots: [{ uri: 'file:///home/ada/exports/', name: 'exports' }] };
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const result = await client.callTool({ name: 'settings-plan_export', arguments: {} });
      expect(JSON.parse(firstText(result))).toEqual({
        planned: true,
        file: 'file:///home/ada/exports/preferences.csv',
        format: 'csv',
        summary: 'Prices in euros.',
        preferences: { currency: 'EUR' },
      });
      expect(asked.sort()).toEqual(['form', 'roots', 'sampling']);
    } finally {
      await client.close();
    }
  });

  it('asks a 2026-07-28 client only what it declared; the rest answers null', async () => {
    const url = await serveExamples();
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'http',
      url,
      onElicit: () => ({ action: 'accept', content: { format: 'json' } }),
    });
    try {
      const result = await client.callTool('settings-plan_export');
      expect(JSON.parse(firstText(result))).toEqual({
        planned: true,
        file: null,
        format: 'json',
        summary: null,
        preferences: { currency: 'EUR' },
      });
    } finally {
      await client.close();
    }
  });
});

describe('the example prompt that asks the user first', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)(
    'drafts the request with the supplier a %s client gave',
    async (era) => {
      const url = await serveExamples();
      const asked: string[] = [];
      const client = await connectClient({
        era,
        transport: 'http',
        url,
        onElicit: (request) => {
          asked.push(request.message);
          return { action: 'accept', content: { supplier: 'Kiln & Co', quantity: 12 } };
        },
      });
      try {
        const prompt = await client.getPrompt('restock_request', { sku: 'MUG-001' });
        expect(asked).toEqual(['Who supplies Stoneware mug, and how many units should we order?']);
        expect(prompt.messages).toEqual([
          {
            role: 'user',
            content: {
              type: 'text',
              text: 'Write a short, polite email to Kiln & Co asking to restock 12 units of Stoneware mug (SKU MUG-001).',
            },
          },
        ]);
      } finally {
        await client.close();
      }
    },
  );
});
