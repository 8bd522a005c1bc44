import { firstText } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cleanEnv, EXAMPLE_EXTENSIONS } from '../helpers/cli-process.js';

/** A client of `era` on the CLI serving the examples over stdio, with `args` added. */
function connectExamples(era: ClientEra, args: readonly string[] = []) {
  assertBuilt();
  return connectClient({
    era,
    transport: 'stdio',
    command: process.execPath,
    args: [BIN, '--extensions-dir', EXAMPLE_EXTENSIONS, ...args],
    env: cleanEnv(),
    stderr: 'ignore',
  });
}

describe.each(['2025-11-25', '2026-07-28'] as const)('the example media modules (%s)', (era) => {
  it('answer with an image, and with text, an image and an embedded resource', async () => {
    const client = await connectExamples(era);
    try {
      const swatch = await client.callTool('media-product_image', { sku: 'MUG-001' });
      expect(swatch.content).toEqual([
        { type: 'image', data: expect.stringMatching(/^iVBORw0KGgo/), mimeType: 'image/png' },
      ]);
      const card = await client.callTool('media-product_card', { sku: 'TEA-010' });
      expect(card.content.map((item) => item.type)).toEqual(['text', 'image', 'resource']);
      expect(card.content[0]).toEqual({
        type: 'text',
        text: 'Sencha green tea, 100 g: 9.90 EUR, 120 in stock.',
      });
      expect(card.content[2]).toMatchObject({
        resource: { uri: 'shop://products/TEA-010', mimeType: 'application/json' },
      });
    } finally {
      await client.close();
    }
  });

  it('--max-result-bytes answers a larger result with RESULT_TOO_LARGE', async () => {
    const client = await connectExamples(era, ['--max-result-bytes', '300']);
    try {
      const card = await client.callTool('media-product_card', { sku: 'TEA-010' });
      expect(card.isError).toBe(true);
      expect(card._meta).toMatchObject({ 'apcore/errorCode': 'RESULT_TOO_LARGE' });
      expect(firstText(card)).toMatch(
        /^Result too large: \d+ bytes, over the limit of 300 bytes \(maxResultBytes\)\./,
      );
      const swatch = await client.callTool('media-product_image', { sku: 'MUG-001' });
      expect(swatch.isError).toBe(false);
    } finally {
      await client.close();
    }
  });
});
