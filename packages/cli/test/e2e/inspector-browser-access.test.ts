import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromiumSkipReason, findFreePort } from '@apcore-mcp/test-support';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  httpServeArgs,
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
import {
  ADMIN_OR_CATALOG_ACL,
  createTokenFixture,
  type TokenFixture,
} from '../helpers/token-fixture.js';

const WAIT_MS = 20_000;
const AUDIENCE = 'https://shop.example.test/mcp';
const skip = chromiumSkipReason();

const plainModule = (description: string) => `export default {
  description: ${JSON.stringify(description)},
  inputSchema: { type: 'object', properties: {} },
  execute: () => ({ done: true }),
};
`;

/** Waits until the caller cancels: what a Cancel button must be able to stop. */
const SLOW_MODULE = `export default {
  description: 'Waits until it is cancelled.',
  inputSchema: { type: 'object', properties: {} },
  execute: (_inputs, context) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ finished: true }), 120000);
      context.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve({ cancelled: true });
      });
    }),
};
`;

describe.skipIf(skip !== undefined)(
  `who may do what in the inspector${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let browser: Browser;
    let watched: WatchedPage | undefined;
    let server: ServerProcess | undefined;
    let fixture: TokenFixture | undefined;

    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });
    afterEach(async () => {
      await watched?.close();
      watched = undefined;
      if (server !== undefined) expect(await server.stop()).toBe(0);
      server = undefined;
      await fixture?.remove();
      fixture = undefined;
    });

    async function serve(args: string[]): Promise<string> {
      server = startCli(args);
      const [, url = ''] = await server.waitForStderr(INSPECTOR_LINE);
      return url;
    }

    it('read only: no Run button, and the server refuses a call made from the page', async () => {
      const port = await findFreePort();
      const url = await serve(httpServeArgs(EXAMPLE_EXTENSIONS, port, ['--inspector']));
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(url);
      await page.getByRole('button', { name: /^orders-cancel_order/ }).click();
      await page.getByText(/read-only: this server does not let the inspector run tools/).waitFor();
      expect(await page.getByRole('button', { name: 'Run', exact: true }).count()).toBe(0);
      await saveScreenshot(page, 'read-only');
      // Typed into the page's console: the browser names the page, and the server refuses.
      const answer = await page.evaluate(async () => {
        const response = await fetch('../mcp', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'orders-cancel_order',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'orders-cancel_order',
              arguments: { orderId: 'ORD-1' },
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientInfo': { name: 'console', version: '1' },
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          }),
        });
        return response.text();
      });
      const data = answer.split('\n').find((line) => line.startsWith('data: '));
      const message = JSON.parse(data === undefined ? answer : data.slice('data: '.length));
      expect(message.result).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'INSPECTOR_READ_ONLY' },
      });
      expect(watched.problems).toEqual([]);
    });

    it('over SSE, speaks 2025-11-25 and still runs tools and shows their log lines', async () => {
      const port = await findFreePort();
      const args = ['--transport', 'sse', '--inspector-allow-execute'];
      const url = await serve([
        '--extensions-dir',
        EXAMPLE_EXTENSIONS,
        '--port',
        String(port),
        ...args,
      ]);
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(url);
      await page.getByRole('button', { name: /^catalog-audit_stock/ }).click();
      await page.getByText('2025-11-25').first().waitFor();
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('region', { name: 'Result' }).waitFor({ timeout: WAIT_MS });
      await page.getByText(/Audited \d+ products/).waitFor({ timeout: WAIT_MS });
      expect(watched.problems).toEqual([]);
    });

    it('shows a grouped tool with its actions, their module ids and approval', async () => {
      const port = await findFreePort();
      const args = ['--grouping', 'namespace', '--inspector'];
      const url = await serve(httpServeArgs(EXAMPLE_EXTENSIONS, port, args));
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(url);
      await page.getByRole('button', { name: /^orders\b/ }).click();
      const actions = page.getByRole('region', { name: 'Actions' });
      for (const action of ['cancel_order', 'place_order', 'refund_order']) {
        await actions.getByText(`orders.${action}`, { exact: true }).waitFor();
      }
      expect(await actions.getByText('requires approval').count()).toBe(1);
      await actions.getByText('Documentation of place_order').click();
      await actions.getByText(/nested models/).waitFor({ timeout: WAIT_MS });
      await saveScreenshot(page, 'grouped-tool');
      expect(watched.problems).toEqual([]);
    });

    it('asks for a token; two tokens see different tools', async () => {
      fixture = await createTokenFixture('inspector-auth', {
        'catalog/search.mjs': plainModule('Searches the catalog.'),
        'admin/reset.mjs': plainModule('Resets the shop.'),
      });
      const aclFile = join(fixture.dir, 'acl.yaml');
      await writeFile(aclFile, ADMIN_OR_CATALOG_ACL);
      const port = await findFreePort();
      const url = await serve(
        httpServeArgs(fixture.extensions, port, [
          ...['--auth-jwks-file', fixture.jwksFile, '--auth-audience', AUDIENCE],
          ...['--acl', aclFile, '--inspector', '--inspector-allow-execute'],
        ]),
      );
      const sign = (sub: string, roles: string[]) =>
        fixture?.signer.sign({ sub, aud: AUDIENCE, roles }) ?? '';
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(url);
      const token = page.getByLabel('Bearer token');
      expect(await token.getAttribute('type')).toBe('password');
      await token.fill(await sign('guest', []));
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByRole('button', { name: /^catalog-search/ }).waitFor({ timeout: WAIT_MS });
      expect(await page.getByRole('button', { name: /^admin-reset/ }).count()).toBe(0);
      await saveScreenshot(page, 'guest-token');
      await page.getByRole('button', { name: 'Change token' }).click();
      await page.getByLabel('Bearer token').fill(await sign('ada', ['admin']));
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByRole('button', { name: /^admin-reset/ }).waitFor({ timeout: WAIT_MS });
      expect(await page.getByRole('button', { name: /^catalog-search/ }).count()).toBe(1);
      // Nothing of the token is kept anywhere but the page's memory.
      const kept = await page.evaluate(() => {
        const globals = globalThis as unknown as BrowserGlobals;
        const { localStorage, sessionStorage, document, location } = globals;
        return [localStorage.length, sessionStorage.length, document.cookie, location.href];
      });
      expect(kept).toEqual([0, 0, '', url]);
      expect(watched.problems).toEqual([]);
    });

    it('lists a module added while it is open, and cancels a running call', async () => {
      fixture = await createTokenFixture('inspector-watch', {
        'jobs/slow.mjs': SLOW_MODULE,
      });
      const port = await findFreePort();
      const url = await serve([
        'dev',
        '--extensions-dir',
        fixture.extensions,
        '--port',
        String(port),
      ]);
      watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(url);
      await page.getByRole('button', { name: /^jobs-slow/ }).click();
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText('Cancelled.').waitFor({ timeout: WAIT_MS });
      await writeFile(join(fixture.extensions, 'jobs', 'quick.mjs'), plainModule('Is quick.'));
      await page.getByRole('button', { name: /^jobs-quick/ }).waitFor({ timeout: WAIT_MS });
      expect(watched.problems).toEqual([]);
    });
  },
);
