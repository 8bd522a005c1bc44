import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findFreePort, signWithSecret } from '@apcore-mcp/test-support';
import {
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  BIN,
  cleanEnv,
  expectOneErrorLine,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';
import {
  ITEMS_DOCUMENT,
  type ItemsApi,
  ITEM_TOOLS as TOOLS,
  useItemsFixture,
} from '../helpers/items-api.js';

const ERAS: readonly ClientEra[] = ['2025-11-25', '2026-07-28'];
const SECRET = 'a shared HS256 secret, 32+ bytes!!';
const AUDIENCE = 'https://mcp.example.com/mcp';

const fixture = useItemsFixture();
let api: ItemsApi;
let dir: string;
let document: string;

beforeEach(() => {
  api = fixture.api();
  dir = fixture.dir();
  document = fixture.document();
});

/** Lists the tools and calls each one, checking what the API saw. */
async function useEveryOperation(client: McpClientHandle): Promise<void> {
  const tools = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
  const remove = tools.find((tool) => tool.name === 'delete_item');
  expect(remove?.annotations).toMatchObject({ destructiveHint: true });
  const listed = await client.callTool('list_items', { limit: 1 });
  expect(listed.structuredContent).toEqual({ items: [{ id: 'i1', name: 'mug' }] });
  const created = await client.callTool('create_item', { name: 'tea' });
  expect(created.isError).toBe(false);
  const { id } = created.structuredContent as { id: string };
  expect((await client.callTool('get_item', { id })).structuredContent).toEqual({
    id,
    name: 'tea',
  });
  expect((await client.callTool('delete_item', { id })).isError).toBe(false);
  const gone = await client.callTool('get_item', { id });
  expect(gone.isError).toBe(true);
  expect(JSON.stringify(gone.content)).toContain('no such item');
  expect(api.seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
    'GET /items?limit=1',
    'POST /items',
    `GET /items/${id}`,
    `DELETE /items/${id}`,
    `GET /items/${id}`,
  ]);
  expect(JSON.parse(api.seen[1]?.body ?? '')).toEqual({ name: 'tea' });
}

describe.each(ERAS)('apcore-mcp --openapi over stdio (%s)', (era) => {
  it('serves every operation, calling the API with the configured header', async () => {
    assertBuilt();
    const client = await connectClient({
      era,
      transport: 'stdio',
      command: process.execPath,
      args: [
        BIN,
        '--openapi',
        document,
        '--openapi-base-url',
        api.url,
        '--openapi-header',
        'X-Api-Key=k-123',
      ],
      env: cleanEnv(),
      stderr: 'ignore',
    });
    try {
      await useEveryOperation(client);
      expect(api.seen.every(({ headers }) => headers['x-api-key'] === 'k-123')).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('apcore-mcp --openapi over HTTP with bearer auth', () => {
  it.each(ERAS)("never passes the MCP client's token to the API (%s)", async (era) => {
    await writeFile(join(dir, 'secret.txt'), SECRET);
    await writeFile(
      join(dir, 'headers.txt'),
      '# upstream credentials\nAuthorization: Bearer upstream-key\n',
    );
    const port = await findFreePort();
    const server = startCli([
      '--openapi',
      document,
      '--openapi-base-url',
      api.url,
      '--openapi-header-file',
      join(dir, 'headers.txt'),
      '--transport',
      'streamable-http',
      '--port',
      String(port),
      '--auth-secret-file',
      join(dir, 'secret.txt'),
      '--auth-audience',
      AUDIENCE,
    ]);
    try {
      const [, , url] = await server.waitForStderr(SERVING_LINE);
      const token = await signWithSecret(SECRET, { sub: 'svc', aud: AUDIENCE });
      const client = await connectClient({
        era,
        transport: 'http',
        url: url as string,
        headers: { authorization: `Bearer ${token}` },
      });
      try {
        await useEveryOperation(client);
      } finally {
        await client.close();
      }
      for (const { headers } of api.seen) {
        expect(headers.authorization).toBe('Bearer upstream-key');
        expect(JSON.stringify(headers)).not.toContain(token);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('apcore-mcp --openapi at start', () => {
  it('names the operations that change data when nothing asks for approval', async () => {
    const port = await findFreePort();
    const server = startCli([
      '--openapi',
      document,
      '--openapi-base-url',
      api.url,
      '--transport',
      'streamable-http',
      '--port',
      String(port),
      '--approval',
      'allow',
    ]);
    try {
      await server.waitForStderr(SERVING_LINE);
      const warnings = server
        .stderr()
        .split('\n')
        .filter((line) => line.includes('change data'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(
        'OpenAPI: 2 operations change data and nothing asks for approval: create_item (POST /items), delete_item (DELETE /items/{id})',
      );
      expect(warnings[0]).toContain('"level":40');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('stops with exit 1 and one line naming a document that does not load', async () => {
    await writeFile(join(dir, 'broken.yaml'), 'openapi: 3.1.0\npaths: [oops\n');
    const result = await runCli(['tools', 'list', '--openapi', join(dir, 'broken.yaml')]);
    expectOneErrorLine(
      result,
      /^Error: The OpenAPI document .+broken\.yaml is neither JSON nor YAML: /,
    );
    const swagger = join(dir, 'swagger.json');
    await writeFile(swagger, JSON.stringify({ swagger: '2.0', info: {}, paths: {} }));
    const served = await runCli(['--openapi', swagger, '--openapi-base-url', api.url]);
    expectOneErrorLine(
      served,
      /^Error: The OpenAPI document .+swagger\.json is Swagger 2\.0, which is not supported/,
    );
    const missing = await runCli(['--openapi', join(dir, 'nowhere.yaml')]);
    expectOneErrorLine(
      missing,
      /^Error: Cannot read the OpenAPI document .+nowhere\.yaml \(ENOENT\)$/,
    );
  });

  it('asks for a prefix per document when several are served, and takes one', async () => {
    const second = join(dir, 'second.json');
    await writeFile(second, JSON.stringify(ITEMS_DOCUMENT));
    const base = [
      'tools',
      'list',
      '--json',
      '--openapi',
      document,
      '--openapi',
      second,
      '--openapi-base-url',
      api.url,
    ];
    expectOneErrorLine(
      await runCli(base),
      /^Error: --openapi .+items\.json is served beside another document and needs a prefix for its module ids: pass --openapi-prefix NAME/,
    );
    const listed = await runCli([...base, '--openapi-prefix', 'shop', '--openapi-prefix', 'depot']);
    expect(listed.code).toBe(0);
    const { tools } = JSON.parse(listed.stdout) as { tools: { name: string }[] };
    const names = tools.map(({ name }) => name);
    expect(names).toContain('shop-list_items');
    expect(names).toContain('depot-list_items');
  });
});
