import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumSkipReason, findFreePort } from '@apcore-mcp/test-support';
import type { Browser, Locator, Page } from 'playwright-core';
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

/** A module that records each run in `runs.txt` beside it: the test reads whether it ran. */
function counterModule(description: string, required: readonly string[]): string {
  return `import { appendFileSync } from 'node:fs';
export default {
  description: '${description}',
  inputSchema: {
    type: 'object',
    properties: { times: { type: 'integer', minimum: 1 } },
    required: ${JSON.stringify(required)},
    additionalProperties: false,
  },
  execute: ({ times }) => {
    appendFileSync(new URL('../runs.txt', import.meta.url), 'run\\n');
    return { counted: times };
  },
};
`;
}

/** A form field by its property name (its label also carries a required mark). */
function fieldOf(page: Page, name: string): Locator {
  return page.getByLabel(new RegExp(`^${name}\\b`));
}

describe.skipIf(skip !== undefined)(
  `the inspector's Check button in Chromium${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let dir: string;
    let server: ServerProcess;
    let inspectorUrl: string;
    let browser: Browser;
    let watched: WatchedPage | undefined;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-inspector-check-'));
      await mkdir(join(dir, 'counter'));
      await writeFile(join(dir, 'counter', 'add.mjs'), counterModule('Count up.', ['times']));
      await writeFile(join(dir, 'counter', 'remove.mjs'), counterModule('Count down.', []));
      const port = await findFreePort();
      // Grouped: the form shows the group's merged schema, where `times` is required only for
      // `add`, so the form sends a call without it and the server's check of the action finds it.
      const args = ['--extensions-dir', dir, '--grouping', 'namespace', '--port', String(port)];
      server = startCli(['dev', ...args]);
      [, inspectorUrl = ''] = await server.waitForStderr(INSPECTOR_LINE);
      browser = await launchChromium();
    }, 90_000);
    afterAll(async () => {
      await watched?.close();
      await browser?.close();
      expect(await server?.stop()).toBe(0);
      await rm(dir, { recursive: true, force: true });
    });

    async function runs(): Promise<number> {
      const text = await readFile(join(dir, 'runs.txt'), 'utf8').catch(() => '');
      return text.split('\n').filter((line) => line !== '').length;
    }

    it('checks a call without running it: the report, then the input error it finds', async () => {
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(inspectorUrl);
      await page.getByRole('button', { name: /^counter\b/ }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: 'counter' }).count())
        .toBe(1);
      await fieldOf(page, 'action').selectOption('add');
      await fieldOf(page, 'times').fill('2');
      const result = page.getByRole('region', { name: 'Result' });
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await result.getByText(/"valid": true/).waitFor({ timeout: WAIT_MS });
      expect(await result.getByText(/"moduleId": "counter\.add"/).count()).toBe(1);
      await saveScreenshot(page, 'check-valid');

      await fieldOf(page, 'times').fill('');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await result.getByText(/"valid": false/).waitFor({ timeout: WAIT_MS });
      expect(await result.getByText(/times: is required/).count()).toBeGreaterThan(0);
      await saveScreenshot(page, 'check-input-error');
      expect(await runs()).toBe(0);

      // The module does run when asked to: the count above would have seen a run.
      await fieldOf(page, 'times').fill('3');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await result.getByText(/"counted": 3/).waitFor({ timeout: WAIT_MS });
      expect(await runs()).toBe(1);
      expect(watched.problems).toEqual([]);
    });
  },
);
