import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@apcore-mcp/test-support';
import { type Browser, chromium, type Page } from 'playwright-core';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the browser tests put their screenshots (git-ignored; CI keeps them as artifacts). */
export const SCREENSHOT_DIR = join(packageDir, 'test-artifacts', 'inspector');

/** Debian's Chromium, headless, never one Playwright downloads. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}

/** A page at `width` x 800 that records every console error and uncaught exception. */
export interface WatchedPage {
  readonly page: Page;
  /** Console errors and warnings, and uncaught exceptions, in order. */
  readonly problems: string[];
  close(): Promise<void>;
}

/**
 * Opens a fresh page (its own context: nothing kept between tests) that records what a user
 * would see as console errors.
 */
export async function openWatchedPage(browser: Browser, width = 1280): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

/** Saves a full-page screenshot as `SCREENSHOT_DIR/name.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A form control, as the label check reads it. */
interface FormControl {
  id: string;
  labels?: ArrayLike<unknown> | null;
  getAttribute(name: string): string | null;
}

/**
 * The little of the browser's globals the tests read inside `page.evaluate` (the tests are
 * type-checked without the DOM library, as the rest of the package).
 */
export interface BrowserGlobals {
  document: {
    cookie: string;
    activeElement: {
      textContent: string | null;
      getAttribute(name: string): string | null;
      labels?: ArrayLike<{ textContent: string | null }> | null;
    } | null;
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(selectors: string): ArrayLike<FormControl>;
  };
  localStorage: { length: number };
  sessionStorage: { length: number };
  location: { href: string };
}
