import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Registry } from '@apcore-mcp/runtime';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumSkipReason,
  createRecordingLogger,
} from '@apcore-mcp/test-support';
import { connectClient, type McpClientHandle } from '@apcore-mcp/test-support/clients';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { fixturePath, SERVER_ROOT } from '../helpers/fixture-path.js';

const EXAMPLE_EXTENSIONS = join(SERVER_ROOT, '..', '..', 'examples', 'extensions');
/** Where the example card imports the MCP Apps SDK from; the test serves it from node_modules. */
const APP_SDK_URL = 'https://unpkg.com/@modelcontextprotocol/ext-apps@2.0.4/app-with-deps';
const APP_SDK_FILE = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/ext-apps/app-with-deps',
);
const WAIT_MS = 15_000;

const skip = chromiumSkipReason();

/** A page that answers the app SDK's URL from node_modules (no network), CORS included. */
async function openHostPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  const sdk = await readFile(APP_SDK_FILE, 'utf8');
  await page.route(APP_SDK_URL, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      // The sandboxed frame's origin is opaque: a module script needs this to load.
      headers: { 'access-control-allow-origin': '*' },
      body: sdk,
    }),
  );
  await page.setContent(await readFile(fixturePath('apps-host.html'), 'utf8'));
  return page;
}

describe.skipIf(skip !== undefined)(
  `the example product card in Chromium${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let server: ServerHandle;
    let client: McpClientHandle;
    let browser: Browser;
    beforeAll(async () => {
      const registry = new Registry({ extensionsDir: EXAMPLE_EXTENSIONS });
      await registry.discover();
      server = await startServer(registry, {
        transport: 'streamable-http',
        port: 0,
        logger: createRecordingLogger(),
      });
      client = await connectClient({ era: '2026-07-28', transport: 'http', url: server.url ?? '' });
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        // Chromium puts sandboxed frames in a process of their own, where Playwright's routes
        // do not reach: kept in the page's process, the frame's SDK import is answered above.
        // The frame stays sandboxed (scripts only, an opaque origin).
        args: [...CHROMIUM_ARGS, '--disable-features=IsolateSandboxedIframes'],
      });
    });
    afterAll(async () => {
      await browser?.close();
      await client?.close();
      await server?.close();
    });

    it('loads in a sandboxed iframe and its button calls the tool through the host', async () => {
      const tool = (await client.listTools()).find(({ name }) => name === 'catalog-get_product');
      const resourceUri = (tool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
      expect(resourceUri).toBe('ui://catalog.get_product/product-card.html');
      const [resource] = (await client.readResource(String(resourceUri))).contents;
      const call = {
        arguments: { sku: 'MUG-001' },
        result: await client.callTool('catalog-get_product', { sku: 'MUG-001' }),
      };
      const forwarded: unknown[] = [];
      const page = await openHostPage(browser);
      // The host's way to the server: the real client, over HTTP.
      await page.exposeFunction(
        'forwardToolCall',
        (params: { name: string; arguments?: Record<string, unknown> }) => {
          forwarded.push(params);
          return client.callTool(params.name, params.arguments ?? {});
        },
      );
      await page.evaluate(
        (app) => (globalThis as unknown as { showApp(app: unknown): void }).showApp(app),
        { html: String(resource?.text), uiMeta: (resource?._meta as { ui?: unknown })?.ui, call },
      );
      const card = page.frameLocator('#app');
      await card.locator('#stock', { hasText: '42' }).waitFor({ timeout: WAIT_MS });
      expect(await card.locator('#name').textContent()).toBe('Stoneware mug');

      // Two mugs sold meanwhile: the card learns it only by asking the server again.
      await client.callTool('orders-place_order', {
        customer: {
          name: 'Ada',
          email: 'ada@example.com',
          shippingAddress: {
            street: '1 Main St',
            city: 'Paris',
            postalCode: '75001',
            country: 'FR',
          },
        },
        items: [{ sku: 'MUG-001', quantity: 2 }],
      });
      await card.getByRole('button', { name: 'Refresh stock' }).click();
      await card.locator('#status', { hasText: 'Stock refreshed' }).waitFor({ timeout: WAIT_MS });

      expect(await card.locator('#stock').textContent()).toBe('40');
      expect(forwarded).toMatchObject([
        { name: 'catalog-get_product', arguments: { sku: 'MUG-001' } },
      ]);
      await page.close();
    });
  },
);
