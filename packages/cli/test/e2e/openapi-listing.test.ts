import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { beforeEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, expectOneErrorLine, runCli } from '../helpers/cli-process.js';
import {
  ITEMS_DOCUMENT,
  type ItemsApi,
  ITEM_TOOLS as TOOLS,
  useItemsFixture,
} from '../helpers/items-api.js';

const fixture = useItemsFixture();
let api: ItemsApi;
let dir: string;
let document: string;

beforeEach(() => {
  api = fixture.api();
  dir = fixture.dir();
  document = fixture.document();
});

describe('the listing commands with --openapi', () => {
  it('tools list shows the operations', async () => {
    const result = await runCli([
      'tools',
      'list',
      '--openapi',
      document,
      '--openapi-base-url',
      api.url,
    ]);
    expect(result.code).toBe(0);
    for (const name of TOOLS) expect(result.stdout).toContain(name);
    expect(api.seen).toEqual([]);
  });

  it('tools list names a skipped operation and why, and serves the rest', async () => {
    const withUpload = structuredClone(ITEMS_DOCUMENT) as typeof ITEMS_DOCUMENT & {
      paths: Record<string, unknown>;
    };
    withUpload.paths['/upload'] = {
      post: {
        operationId: 'uploadFile',
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object' } } },
        },
        responses: { '204': { description: 'Stored' } },
      },
    };
    await writeFile(document, JSON.stringify(withUpload));
    const result = await runCli([
      'tools',
      'list',
      '--openapi',
      document,
      '--openapi-base-url',
      api.url,
    ]);
    expect(result.code).toBe(0);
    for (const name of TOOLS) expect(result.stdout).toContain(name);
    expect(result.stdout).not.toContain('upload_file');
    expect(result.stderr).toMatch(
      /Skipped 1 entry:\n {2}upload_file \(.+items\.json\): POST \/upload: .+/,
    );
  });

  it('follows $refs to other files only with --openapi-allow-external-refs', async () => {
    const split = structuredClone(ITEMS_DOCUMENT) as unknown as {
      components: { schemas: Record<string, unknown> };
    };
    await writeFile(join(dir, 'item.json'), JSON.stringify(split.components.schemas.Item));
    split.components.schemas.Item = { $ref: './item.json' };
    await writeFile(document, JSON.stringify(split));
    const list = ['tools', 'list', '--openapi', document, '--openapi-base-url', api.url];
    expectOneErrorLine(
      await runCli(list),
      /refers to other documents \(\.\/item\.json\).+--openapi-allow-external-refs/,
    );
    const allowed = await runCli([...list, '--openapi-allow-external-refs']);
    expect(allowed.code).toBe(0);
    for (const name of TOOLS) expect(allowed.stdout).toContain(name);
  });

  it('--grouping tag serves the operations sharing a tag as one tool, each an action', async () => {
    const tagged = structuredClone(ITEMS_DOCUMENT) as typeof ITEMS_DOCUMENT & {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const operations of Object.values(tagged.paths)) {
      for (const operation of Object.values(operations)) operation.tags = ['items'];
    }
    await writeFile(document, JSON.stringify(tagged));
    const args = ['--openapi', document, '--openapi-base-url', api.url, '--grouping', 'tag'];
    const listed = await runCli(['tools', 'list', ...args]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^items +\(4 actions\)/m);
    for (const name of TOOLS) expect(listed.stdout).toContain(`action=${name}`);
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN, ...args],
      env: cleanEnv({}),
      stderr: 'ignore',
    });
    try {
      expect((await client.listTools()).map((tool) => tool.name)).toEqual(['items']);
      const answer = await client.callTool('items', { action: 'list_items', limit: 2 });
      expect(answer.isError).toBe(false);
      expect(api.seen.at(-1)?.url).toBe('/items?limit=2');
    } finally {
      await client.close();
    }
  });

  it('--tool-search finds an operation by what it does, and call_tool runs it', async () => {
    const client = await connectClient({
      era: '2025-11-25',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN, '--openapi', document, '--openapi-base-url', api.url, '--tool-search'],
      env: cleanEnv({}),
      stderr: 'ignore',
    });
    try {
      const search = await client.callTool('search_tools', { query: 'create an item', limit: 1 });
      const found = (search.structuredContent as { tools: { name: string }[] }).tools;
      expect(found.map((tool) => tool.name)).toEqual(['create_item']);
      const made = await client.callTool('call_tool', {
        name: 'create_item',
        arguments: { name: 'Lamp' },
      });
      expect(made.isError).toBe(false);
      expect(api.seen.at(-1)).toMatchObject({ method: 'POST', url: '/items' });
    } finally {
      await client.close();
    }
  });

  it('openai export exports them as functions', async () => {
    const result = await runCli([
      'openai',
      'export',
      '--openapi',
      document,
      '--openapi-base-url',
      api.url,
    ]);
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as {
      function: { name: string; parameters: unknown };
    }[];
    expect(tools.map((tool) => tool.function.name).sort()).toEqual(TOOLS);
    const create = tools.find((tool) => tool.function.name === 'create_item');
    expect(create?.function.parameters).toMatchObject({
      properties: { name: { type: 'string', description: 'What the item is called' } },
      required: ['name'],
    });
  });

  it('read the documents from the config file and the headers from the environment', async () => {
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      `openapi: items.json\nopenapi-base-url: ${api.url}\nopenapi-timeout: 5\n`,
    );
    const client = await connectClient({
      era: '2026-07-28',
      transport: 'stdio',
      command: process.execPath,
      args: [BIN],
      cwd: dir,
      env: cleanEnv({ APCORE_MCP_OPENAPI_HEADER: 'X-Api-Key=from-env\nX-Tenant=t1, t2' }),
      stderr: 'ignore',
    });
    try {
      expect((await client.callTool('list_items', {})).isError).toBe(false);
      expect(api.seen[0]?.headers).toMatchObject({ 'x-api-key': 'from-env', 'x-tenant': 't1, t2' });
    } finally {
      await client.close();
    }
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      'openapi: items.json\nopenapi-header: [X-Api-Key=leak]\n',
    );
    const refused = await runCli(['tools', 'list'], { cwd: dir });
    expectOneErrorLine(
      refused,
      /credentials do not belong in a config file; pass --openapi-header/,
    );
    expect(refused.stderr).not.toContain('leak');
  });
});
