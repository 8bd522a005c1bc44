import { join } from 'node:path';
import { chromiumSkipReason, findFreePort } from '@apcore-mcp/test-support';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  INSPECTOR_LINE,
  type ServerProcess,
  startCli,
} from '../helpers/cli-process.js';
import {
  type BrowserGlobals,
  launchChromium,
  openWatchedPage,
  saveScreenshot,
  type WatchedPage,
} from '../helpers/inspector-page.js';

const WAIT_MS = 20_000;
const skip = chromiumSkipReason();

/** What the keyboard test knows of the focused element: its text and its label. */
interface FocusedElement {
  text: string;
  label: string;
}

function describeFocus(page: Page): Promise<FocusedElement> {
  return page.evaluate(() => {
    const element = (globalThis as unknown as BrowserGlobals).document.activeElement;
    const labels = element?.labels;
    return {
      text: element?.textContent?.trim() ?? '',
      label: labels?.[0]?.textContent?.trim() ?? element?.getAttribute('aria-label') ?? '',
    };
  });
}

/** A form field by its property name (its label also carries a required mark). */
function fieldOf(page: Page, name: string): Locator {
  return page.getByLabel(new RegExp(`^${name}\\b`));
}

/** Picks a tool from the list as a user does: filter, then choose it. */
async function chooseTool(page: Page, name: string): Promise<void> {
  await page.getByLabel('Filter tools').fill(name.split('-').at(-1) ?? name);
  await page.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
  await expect.poll(() => page.getByRole('heading', { level: 2, name }).count()).toBe(1);
}

describe.skipIf(skip !== undefined)(
  `the inspector of apcore-mcp dev in Chromium${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let server: ServerProcess;
    let inspectorUrl: string;
    let browser: Browser;
    let watched: WatchedPage | undefined;

    beforeAll(async () => {
      const port = await findFreePort();
      const skillsDir = join(EXAMPLE_EXTENSIONS, '..', 'skills');
      const args = ['--extensions-dir', EXAMPLE_EXTENSIONS, '--skills-dir', skillsDir];
      server = startCli(['dev', ...args, '--port', String(port)]);
      [, inspectorUrl = ''] = await server.waitForStderr(INSPECTOR_LINE);
      browser = await launchChromium();
    }, 90_000);
    afterAll(async () => {
      await browser?.close();
      expect(await server?.stop()).toBe(0);
    });
    afterEach(async () => {
      // Whatever a test did, the page said nothing alarming in its console.
      expect(watched?.problems ?? []).toEqual([]);
      await watched?.close();
      watched = undefined;
    });

    async function open(width?: number): Promise<Page> {
      watched = await openWatchedPage(browser, width);
      await watched.page.goto(inspectorUrl);
      await watched.page.getByRole('button', { name: /^catalog-get_product/ }).waitFor();
      return watched.page;
    }

    it('finds a tool, refuses a bad argument before sending, runs it and shows the result', async () => {
      const page = await open();
      await expect.poll(() => page.getByText('2026-07-28').count()).toBeGreaterThan(0);
      await chooseTool(page, 'catalog-get_product');
      await page.getByText('SKUs look like').waitFor(); // its docs:// page, rendered
      const sku = fieldOf(page, 'sku');
      await sku.fill('mug-1');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByText(/Nothing was sent/).waitFor();
      expect(await sku.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('region', { name: 'Result' }).count()).toBe(0);
      await saveScreenshot(page, 'validation-error');
      await sku.fill('MUG-001');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText('Structured content').waitFor({ timeout: WAIT_MS });
      // Shown once: not also as the text content that repeats it for other clients.
      expect(await result.getByText(/Stoneware mug/).count()).toBe(1);
      await saveScreenshot(page, 'tool-result');
    });

    it('shows an image a tool answers with', async () => {
      const page = await open();
      await chooseTool(page, 'media-product_image');
      await fieldOf(page, 'sku').fill('MUG-001');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const image = page.getByRole('region', { name: 'Result' }).getByRole('img');
      await image.waitFor({ timeout: WAIT_MS });
      expect(await image.getAttribute('alt')).toBe('Image returned by the tool (image/png)');
      expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      // Decoded and drawn by the browser, not merely present.
      expect(
        await image.evaluate(
          (element) => (element as unknown as { naturalWidth: number }).naturalWidth,
        ),
      ).toBeGreaterThan(0);
    });

    it('shows progress and log messages as they arrive', async () => {
      const page = await open();
      await chooseTool(page, 'catalog-audit_stock');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const progress = page.getByRole('region', { name: 'Progress' });
      await progress.getByText(/\d+ of \d+ — Counted [A-Z]{3}-\d{3}/).waitFor({ timeout: WAIT_MS });
      const result = page.getByRole('region', { name: 'Result' });
      await result.waitFor({ timeout: WAIT_MS });
      // A log line shows its message; the data it carries is folded until asked for.
      const logs = page.getByRole('region', { name: 'Log messages' });
      const audited = logs.getByRole('listitem').filter({ hasText: /Audited \d+ products/ });
      await audited.waitFor({ timeout: WAIT_MS });
      expect(await audited.locator('.log-message').textContent()).toMatch(/^Audited \d+ products$/);
      expect(await audited.innerText()).not.toContain('outOfStock');
      await audited.getByText('Data', { exact: true }).click();
      expect(await audited.innerText()).toContain('"outOfStock"');
      await saveScreenshot(page, 'progress');
    });

    it('asks an approval as a form; the call goes on once it is answered', async () => {
      const page = await open();
      await chooseTool(page, 'orders-refund_order');
      const run = async () => {
        await fieldOf(page, 'orderId').fill('ORD-1001');
        await fieldOf(page, 'reason').selectOption('damaged');
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        return page.getByRole('region', { name: 'The server asks' });
      };
      const question = await run();
      await question.waitFor({ timeout: WAIT_MS });
      // The call says, in plain words, that it waits; the question keeps its line breaks.
      const progress = page.getByRole('region', { name: 'Progress' });
      await expect.poll(() => progress.innerText()).toBe('Waiting for your answer');
      const message = await question.locator('.question-message').innerText();
      expect(message.split('\n').length).toBeGreaterThan(3);

      await saveScreenshot(page, 'approval');
      // Nothing to fill in or tick, and no form hint to puzzle over: Accept alone approves.
      expect(await question.getByRole('checkbox').count()).toBe(0);
      expect(await question.innerText()).not.toContain('No arguments');
      await question.getByRole('button', { name: 'Accept' }).click();
      const result = page.getByRole('region', { name: 'Result' });
      // Approved, the module ran: it knows no such order, and says so with its apcore code.
      await result.getByText('GENERAL_INVALID_INPUT').waitFor({ timeout: WAIT_MS });
      expect(await result.textContent()).toContain('No order ORD-1001');
      const again = await run();
      await again.getByRole('button', { name: 'Decline' }).click();
      await result.getByText('APPROVAL_DENIED').waitFor({ timeout: WAIT_MS });
    });

    it("shows an elicit() question as a form and sends the user's answer", async () => {
      const page = await open();
      await page.getByRole('button', { name: /^Prompts/ }).click();
      await page.getByRole('button', { name: /^restock_request/ }).click();
      await fieldOf(page, 'sku').fill('MUG-001');
      await page.getByRole('button', { name: 'Get prompt' }).click();
      const question = page.getByRole('region', { name: 'The server asks' });
      await question.getByText(/Who supplies Stoneware mug/).waitFor({ timeout: WAIT_MS });
      await question.getByLabel(/^Supplier\b/).fill('Clay & Co');
      await question.getByLabel(/^Units\b/).fill('36');
      await question.getByRole('button', { name: 'Accept' }).click();
      const messages = page.getByRole('region', { name: 'Prompt messages' });
      await messages.getByText(/asking to restock 36 units of Stoneware mug/).waitFor({
        timeout: WAIT_MS,
      });
      expect(await question.count()).toBe(0);
    });

    it("suggests a prompt argument's values as it is typed (completion/complete)", async () => {
      const page = await open();
      await page.getByRole('button', { name: /^Prompts/ }).click();
      await page.getByRole('button', { name: /^restock_request/ }).click();
      const sku = fieldOf(page, 'sku');
      const list = await sku.getAttribute('list');
      const suggestions = () =>
        page
          .locator(`datalist[id="${list}"] option`)
          .evaluateAll((options) =>
            options.map((option) => (option as unknown as { value: string }).value),
          );
      await sku.fill('mu');
      await expect.poll(suggestions, { timeout: WAIT_MS }).toEqual(['MUG-001', 'MUG-002']);
      await sku.fill('TE');
      await expect.poll(suggestions, { timeout: WAIT_MS }).toEqual(['TEA-010', 'TEA-011']);
    });

    it('shows the skills an agent is offered, with their tools and SKILL.md', async () => {
      const page = await open();
      await page.getByRole('button', { name: 'Skills', exact: true }).click();
      await page.getByRole('button', { name: /^find-products/ }).waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: /^orders\b/ }).click();
      await page.getByRole('heading', { name: 'Handling an order' }).waitFor({ timeout: WAIT_MS });
      // The tools it names, as this caller's tool list names them.
      const facts = await page.locator('article dl').textContent();
      expect(facts).toContain('catalog-get_product, orders-place_order');
      await saveScreenshot(page, 'skills');
      // A link to a file of the skill opens that file, read and verified, in the page.
      await page.getByRole('link', { name: 'the refund rules' }).click();
      await page.getByRole('heading', { name: 'Refund rules' }).waitFor({ timeout: WAIT_MS });
      expect(page.url()).toBe(inspectorUrl);
      await page.getByRole('button', { name: 'SKILL.md', exact: true }).click();
      await page.getByRole('heading', { name: 'Handling an order' }).waitFor({ timeout: WAIT_MS });
    });

    it('runs a tool with the keyboard alone', async () => {
      const page = await open();
      /** Presses Tab until the focused element is the one `wanted` recognises (bounded). */
      const tabTo = async (wanted: (focus: FocusedElement) => boolean, what: string) => {
        for (let presses = 0; presses < 80; presses += 1) {
          if (wanted(await describeFocus(page))) return;
          await page.keyboard.press('Tab');
        }
        throw new Error(`Tab never reached ${what}`);
      };
      await tabTo(({ label }) => label.startsWith('Filter tools'), 'the filter');
      await page.keyboard.type('get_product');
      await tabTo(({ text }) => text.startsWith('catalog-get_product'), 'the tool');
      await page.keyboard.press('Enter');
      await tabTo(({ label }) => label.startsWith('sku'), 'the sku field');
      await page.keyboard.type('TEA-010');
      await tabTo(({ text }) => text === 'Run', 'Run');
      await page.keyboard.press('Enter');
      const result = page.getByRole('region', { name: 'Result' });
      await result
        .getByText(/Sencha green tea/)
        .first()
        .waitFor({ timeout: WAIT_MS });
    });

    it('is readable 375 px wide, in one column', async () => {
      const page = await open(375);
      await chooseTool(page, 'orders-place_order');
      const overflow = await page.evaluate(() => {
        const { documentElement } = (globalThis as unknown as BrowserGlobals).document;
        return documentElement.scrollWidth - documentElement.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      // Every control of the form has a name a screen reader says.
      const unlabelled = await page.evaluate(() => {
        const { document } = globalThis as unknown as BrowserGlobals;
        return Array.from(document.querySelectorAll('input, select, textarea'))
          .filter(
            (control) => (control.labels?.length ?? 0) === 0 && !control.getAttribute('aria-label'),
          )
          .map((control) => control.id);
      });
      expect(unlabelled).toEqual([]);
      await page.getByRole('group', { name: 'customer' }).waitFor();
      await saveScreenshot(page, 'narrow');
    });
  },
);
