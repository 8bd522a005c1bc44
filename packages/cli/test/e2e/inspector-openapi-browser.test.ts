import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumSkipReason, findFreePort } from '@apcore-mcp/test-support';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTOR_LINE, type ServerProcess, startCli } from '../helpers/cli-process.js';
import {
  launchChromium,
  openWatchedPage,
  saveScreenshot,
  type WatchedPage,
} from '../helpers/inspector-page.js';
import { ITEMS_DOCUMENT, type ItemsApi, startItemsApi } from '../helpers/items-api.js';

const WAIT_MS = 20_000;
const skip = chromiumSkipReason();

describe.skipIf(skip !== undefined)(
  `the inspector over an OpenAPI document's operations${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let dir: string;
    let api: ItemsApi;
    let server: ServerProcess;
    let inspectorUrl: string;
    let browser: Browser;
    let watched: WatchedPage | undefined;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-inspector-openapi-'));
      const document = join(dir, 'items.json');
      await writeFile(document, JSON.stringify(ITEMS_DOCUMENT));
      api = await startItemsApi();
      const port = await findFreePort();
      server = startCli([
        'dev',
        '--openapi',
        document,
        '--openapi-base-url',
        api.url,
        '--port',
        String(port),
      ]);
      [, inspectorUrl = ''] = await server.waitForStderr(INSPECTOR_LINE);
      browser = await launchChromium();
    }, 90_000);
    afterAll(async () => {
      await watched?.close();
      await browser?.close();
      expect(await server?.stop()).toBe(0);
      await api?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('lists the operations, and runs one against the API from its form', async () => {
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(inspectorUrl);
      for (const name of ['create_item', 'delete_item', 'get_item', 'list_items']) {
        await page.getByRole('button', { name: new RegExp(`^${name}\\b`) }).waitFor({
          timeout: WAIT_MS,
        });
      }
      await page.getByRole('button', { name: /^create_item\b/ }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: 'create_item' }).count())
        .toBe(1);
      // The form comes from the request body's schema, its description kept.
      expect(await page.getByText('What the item is called').count()).toBeGreaterThan(0);
      await page.getByLabel(/^name\b/).fill('Lamp');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText(/"name": "Lamp"/).waitFor({ timeout: WAIT_MS });
      await saveScreenshot(page, 'openapi-create-item');
      expect(api.seen.at(-1)).toMatchObject({
        method: 'POST',
        url: '/items',
        body: JSON.stringify({ name: 'Lamp' }),
      });
      expect(watched.problems).toEqual([]);
    });
  },
);
