import { connectClient, type McpClientHandle } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, EXAMPLE_EXTENSIONS, runCli } from '../helpers/cli-process.js';

// The example module that shows the apcore contract's schema hints, display overlay, a
// sensitive output field and a guided error (examples/extensions/payments/charge-card.ts).
describe('the payments.charge_card example over stdio', () => {
  let client: McpClientHandle;

  beforeAll(async () => {
    client = await connectClient({
      era: '2025-11-25',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN, '--extensions-dir', EXAMPLE_EXTENSIONS],
      env: cleanEnv(),
      stderr: 'ignore',
    });
  });

  afterAll(async () => {
    await client?.close();
  });

  it('is described by its overlay, with its mcp_ extra and guidance', async () => {
    const tool = (await client.listTools()).find(
      (listed) => listed.name === 'payments-charge_card',
    );
    expect(tool?.description).toBe(
      'Charge a customer card once, in cents of the shop currency.\n\ncategory: payments\n\nGuidance: Confirm the amount with the user first; never charge the same order twice.',
    );
    expect(tool?.description).not.toContain('ledger');
    // The MCP schema is the module's own: x-llm-description stays for clients that read it.
    const properties = tool?.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.amountCents).toMatchObject({ description: 'Amount in cents' });
    expect(properties.amountCents).toHaveProperty('x-llm-description');
  });

  it('redacts the sensitive output field', async () => {
    const result = await client.callTool('payments-charge_card', {
      amountCents: 1250,
      cardToken: 'tok_visa',
    });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({
      amount: expect.any(String),
      authorizationCode: '***REDACTED***',
    });
  });

  it('answers a declined card with a guided error', async () => {
    const result = await client.callTool('payments-charge_card', {
      amountCents: 1250,
      cardToken: 'tok_declined',
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toBe('Module error: PAYMENT_DECLINED');
    expect(JSON.parse(result.content[1]?.text ?? '')).toEqual({
      retryable: false,
      aiGuidance: 'The card was declined. Do not retry with the same card.',
      userFixable: true,
      suggestion: 'Ask the user for another card.',
    });
  });
});

describe('the payments.charge_card example as an OpenAI function', () => {
  it('gives the model the x-llm-description in strict mode', async () => {
    const result = await runCli([
      'openai',
      'export',
      '--strict',
      '--prefix',
      'payments.',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ]);
    expect(result.code).toBe(0);
    const [tool] = JSON.parse(result.stdout) as {
      function: {
        name: string;
        parameters: { properties: Record<string, Record<string, unknown>> };
      };
    }[];
    expect(tool?.function.name).toBe('payments-charge_card');
    expect(tool?.function.parameters.properties.amountCents).toMatchObject({
      description: 'The amount to charge in cents: 1250 charges 12.50. Never a float.',
    });
    expect(tool?.function.parameters.properties.amountCents).not.toHaveProperty(
      'x-llm-description',
    );
  });
});
