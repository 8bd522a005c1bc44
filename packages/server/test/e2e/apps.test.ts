import { readFile } from 'node:fs/promises';
import { Registry } from '@apcore-mcp/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFINITIONS_TARGETS,
  type DefinitionsConnection,
  type DefinitionsTarget,
} from '../helpers/definitions-target.js';
import { connectFixtureOverStdio, connectOverHttp, fixturePath } from '../helpers/fixture-path.js';

const APP_MIME_TYPE = 'text/html;profile=mcp-app';
const CARD_URI = 'ui://shop.card/card.html';
const CHART_URI = 'ui://shop.chart/app.html';
const CHART_UI_META = {
  csp: {
    connectDomains: ['https://api.example.com'],
    resourceDomains: ['https://cdn.example.com'],
  },
  permissions: { clipboardWrite: {} },
  prefersBorder: false,
};

/** Serves the apps fixture modules (in process over HTTP, or a spawned stdio child) to a client. */
async function connectToApps([era, transport]: DefinitionsTarget): Promise<DefinitionsConnection> {
  if (transport === 'stdio') {
    const client = await connectFixtureOverStdio(era, 'apps-server.mjs');
    return { client, close: () => client.close() };
  }
  const registry = new Registry({ extensionsDir: fixturePath('apps-extensions') });
  await registry.discover();
  return connectOverHttp(era, registry);
}

describe.each(DEFINITIONS_TARGETS)('module UIs (MCP Apps), %s client over %s', (era, transport) => {
  let connection: Awaited<ReturnType<typeof connectToApps>>;
  beforeAll(async () => {
    connection = await connectToApps([era, transport]);
  });
  afterAll(() => connection.close());

  it('declares the apps extension with the MIME type of its UIs', () => {
    expect(connection.client.serverCapabilities()).toMatchObject({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } },
    });
  });

  it('points each tool with a UI at its ui:// resource, and only those', async () => {
    const tools = await connection.client.listTools();
    const metaOf = (name: string) => tools.find((tool) => tool.name === name)?._meta;
    expect(metaOf('shop-card')).toMatchObject({
      ui: { resourceUri: CARD_URI },
      'ui/resourceUri': CARD_URI,
    });
    expect(metaOf('shop-chart')).toMatchObject({ ui: { resourceUri: CHART_URI } });
    expect(metaOf('shop-plain')).not.toHaveProperty('ui');
  });

  it('lists the UIs with the extension MIME type and their metadata', async () => {
    const resources = await connection.client.listResources();
    const apps = resources.filter((resource) => String(resource.uri).startsWith('ui://'));
    expect(apps).toEqual([
      {
        uri: CARD_URI,
        name: 'shop.card',
        title: 'shop.card',
        description: 'Show a product card',
        mimeType: APP_MIME_TYPE,
      },
      {
        uri: CHART_URI,
        name: 'shop.chart',
        title: 'shop.chart',
        description: 'Chart the sales',
        mimeType: APP_MIME_TYPE,
        _meta: { ui: CHART_UI_META },
      },
    ]);
  });

  it('reads a UI file found beside its module, and inline HTML with its metadata', async () => {
    const cardHtml = await readFile(fixturePath('apps-extensions/shop/card.html'), 'utf8');
    expect((await connection.client.readResource(CARD_URI)).contents).toEqual([
      { uri: CARD_URI, mimeType: APP_MIME_TYPE, text: cardHtml },
    ]);
    expect((await connection.client.readResource(CHART_URI)).contents).toEqual([
      {
        uri: CHART_URI,
        mimeType: APP_MIME_TYPE,
        text: '<!doctype html><canvas id="chart"></canvas>',
        _meta: { ui: CHART_UI_META },
      },
    ]);
  });

  it('answers a ui:// URI no module serves as not found', async () => {
    const error = await connection.client.readResource('ui://shop.plain/app.html').then(
      () => undefined,
      (caught: { code?: number }) => caught,
    );
    expect(error?.code).toBe(era === '2025-11-25' ? -32002 : -32602);
  });
});
