import { chromiumSkipReason, findFreePort } from '@apcore-mcp/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  INSPECTOR_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import {
  launchChromium,
  openWatchedPage,
  saveScreenshot,
  type WatchedPage,
} from '../helpers/inspector-page.js';

const WAIT_MS = 20_000;
const skip = chromiumSkipReason();

/** Serves the examples with the inspector; `extra` flags after them. */
async function startDev(extra: readonly string[]): Promise<{ server: ServerProcess; url: string }> {
  const port = await findFreePort();
  const server = startCli([
    'dev',
    '--extensions-dir',
    EXAMPLE_EXTENSIONS,
    '--port',
    String(port),
    '--event-heartbeat',
    '1',
    ...extra,
  ]);
  const [, url = ''] = await server.waitForStderr(INSPECTOR_LINE);
  return { server, url };
}

describe.skipIf(skip !== undefined)(
  `the inspector's Events section in Chromium${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let server: ServerProcess;
    let inspectorUrl: string;
    let browser: Browser;
    let watched: WatchedPage | undefined;

    beforeAll(async () => {
      // `dev` serves the test emit by itself.
      ({ server, url: inspectorUrl } = await startDev([]));
      browser = await launchChromium();
    }, 90_000);
    afterAll(async () => {
      await browser?.close();
      expect(await server?.stop()).toBe(0);
    });
    afterEach(async () => {
      expect(watched?.problems ?? []).toEqual([]);
      await watched?.close();
      watched = undefined;
    });

    async function openEvents(url: string): Promise<Page> {
      watched = await openWatchedPage(browser);
      await watched.page.goto(url);
      await watched.page.getByRole('button', { name: /^Events/ }).click({ timeout: WAIT_MS });
      return watched.page;
    }

    it('lists the example types with their delivery modes and schemas', async () => {
      const page = await openEvents(inspectorUrl);
      const list = page.getByRole('region', { name: 'Event types' });
      await list.getByRole('button', { name: /^order\.placed/ }).waitFor();
      await list.getByRole('button', { name: /^stock\.low/ }).click();
      await page.getByRole('heading', { level: 2, name: 'stock.low' }).waitFor();
      await page
        .getByText(/stock fell under 5/)
        .first()
        .waitFor();
      await page.getByText('Payload schema').click();
      await page.getByText('"threshold"').first().waitFor();
      await saveScreenshot(page, 'events-type');
    });

    it('watches a type, and shows a test event emitted from the page as it arrives', async () => {
      const page = await openEvents(inspectorUrl);
      await page.getByRole('button', { name: /^stock\.low/ }).click();
      await page.getByLabel('Subscription arguments (JSON)').fill('{"sku": "MUG-002"}');
      await page.getByRole('button', { name: 'Watch', exact: true }).click();
      await page.getByText('Watching: new occurrences appear below.').waitFor({ timeout: WAIT_MS });
      const occurrences = page.getByRole('list', { name: 'Occurrences' });
      // Heartbeats show that the stream is alive before anything happens.
      await occurrences.getByText('heartbeat').first().waitFor({ timeout: WAIT_MS });
      await page
        .getByLabel('Event data (JSON)')
        .fill('{"sku": "MUG-002", "onHand": 0, "threshold": 5}');
      await page.getByRole('button', { name: 'Emit test event' }).click();
      await page.getByText(/^Emitted \S+\.$/).waitFor({ timeout: WAIT_MS });
      const arrived = occurrences.getByRole('listitem').filter({ hasText: '"MUG-002"' });
      await arrived.waitFor({ timeout: WAIT_MS });
      expect(await arrived.innerText()).toContain('"onHand": 0');
      // Data the payload schema refuses is refused before it is stored, and said so.
      await page.getByLabel('Event data (JSON)').fill('{"sku": "MUG-002"}');
      await page.getByRole('button', { name: 'Emit test event' }).click();
      await page.getByText(/payloadSchema/).waitFor({ timeout: WAIT_MS });
      await saveScreenshot(page, 'events-watch');
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.getByText('Stopped.').waitFor();
      expect(await occurrences.getByRole('listitem').filter({ hasText: '"MUG-002"' }).count()).toBe(
        1,
      );
    });

    it('replaces Emit test event by how to turn it on when the server does not serve it', async () => {
      const plain = await startDev(['--no-event-test-emit']);
      try {
        const page = await openEvents(plain.url);
        await page.getByRole('button', { name: /^order\.placed/ }).click();
        await page.getByRole('button', { name: 'Emit test event' }).click();
        await page.getByText(/start it with --event-test-emit/).waitFor({ timeout: WAIT_MS });
        expect(await page.getByRole('button', { name: 'Emit test event' }).count()).toBe(0);
        // The server's -32601 comes as HTTP 404, which Chromium reports: the one expected line.
        const problems = watched?.problems ?? [];
        expect(problems).toEqual([expect.stringMatching(/status of 404/)]);
        problems.length = 0;
      } finally {
        expect(await plain.server.stop()).toBe(0);
      }
    });
  },
);
