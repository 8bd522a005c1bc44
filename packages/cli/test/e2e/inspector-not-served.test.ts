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

const WAIT_MS = 20_000;
const skip = chromiumSkipReason();

function moduleSource(inputSchema: string): string {
  return `export default {
  description: 'Adds',
  inputSchema: ${inputSchema},
  execute: () => ({ sum: 0 }),
};\n`;
}

describe.skipIf(skip !== undefined)(
  `the inspector's "Not served" list in Chromium${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let dir: string;
    let server: ServerProcess;
    let inspectorUrl: string;
    let browser: Browser;
    let watched: WatchedPage | undefined;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-not-served-'));
      await writeFile(join(dir, 'greet.mjs'), moduleSource('{}'));
      await writeFile(join(dir, 'add.mjs'), moduleSource("{ type: 'object', required: 'a' }"));
      const port = await findFreePort();
      server = startCli(['dev', '--extensions-dir', dir, '--port', String(port)]);
      [, inspectorUrl = ''] = await server.waitForStderr(INSPECTOR_LINE);
      await server.waitForStderr(/Watching .+ for module changes/);
      browser = await launchChromium();
    }, 90_000);
    afterAll(async () => {
      expect(watched?.problems ?? []).toEqual([]);
      await watched?.close();
      await browser?.close();
      expect(await server?.stop()).toBe(0);
      await rm(dir, { recursive: true, force: true });
    });

    it('lists a module left out with the reason, and drops it once its file is fixed', async () => {
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(inspectorUrl);
      const notServed = page.getByRole('region', { name: /^Not served/ });
      await notServed.waitFor({ timeout: WAIT_MS });
      expect(await notServed.getByRole('heading').textContent()).toBe('Not served (1)');
      expect(await notServed.textContent()).toContain(
        'its input schema is not valid JSON Schema: /required: must be array (got "a")',
      );
      expect(await page.getByRole('button', { name: /^add\b/ }).count()).toBe(0);
      await saveScreenshot(page, 'not-served');

      // Fixed under --watch: the tool appears and the list empties, without a reload.
      await writeFile(join(dir, 'add.mjs'), moduleSource("{ type: 'object', required: ['a'] }"));
      await page.getByRole('button', { name: /^add\b/ }).waitFor({ timeout: WAIT_MS });
      await expect.poll(() => notServed.count(), { timeout: WAIT_MS }).toBe(0);
    });
  },
);
