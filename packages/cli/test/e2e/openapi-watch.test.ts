import { writeFile } from 'node:fs/promises';
import { findFreePort } from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVING_LINE, startCli } from '../helpers/cli-process.js';
import {
  ITEMS_DOCUMENT,
  type ItemsApi,
  ITEM_TOOLS as TOOLS,
  useItemsFixture,
} from '../helpers/items-api.js';

const fixture = useItemsFixture();
let api: ItemsApi;
let document: string;

beforeEach(() => {
  api = fixture.api();
  document = fixture.document();
});

describe('apcore-mcp --openapi --watch', () => {
  it('reloads an edited document (tools/list_changed, new tool), keeps the tools of a broken one', async () => {
    const port = await findFreePort();
    const server = startCli([
      '--openapi',
      document,
      '--openapi-base-url',
      api.url,
      '--watch',
      '--transport',
      'streamable-http',
      '--port',
      String(port),
    ]);
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const client = await connectClient({
        era: '2025-11-25',
        transport: 'http',
        url: url as string,
      });
      try {
        const changes: string[] = [];
        let heard: (() => void) | undefined;
        const listening = await client.listenForListChanges((list) => {
          changes.push(list);
          heard?.();
        });
        const nextChange = () => new Promise<void>((resolve) => (heard = resolve));
        const edited = structuredClone(ITEMS_DOCUMENT) as typeof ITEMS_DOCUMENT & {
          paths: Record<string, unknown>;
        };
        edited.paths['/health'] = {
          get: { operationId: 'checkHealth', responses: { '200': { description: 'Up' } } },
        };
        const changed = nextChange();
        await writeFile(document, JSON.stringify(edited));
        await changed;
        expect(changes).toContain('tools');
        const names = (await client.listTools()).map((tool) => tool.name);
        expect(names.sort()).toEqual(['check_health', ...TOOLS]);

        await writeFile(document, '{"openapi": "3.1.0", "paths": ');
        await server.waitForStderr(/keeping its 5 tools as they were/);
        expect((await client.listTools()).map((tool) => tool.name).sort()).toEqual([
          'check_health',
          ...TOOLS,
        ]);
        expect((await client.callTool('list_items', {})).isError).toBe(false);
        await listening.close();
      } finally {
        await client.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
