import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** What the items API saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP API on 127.0.0.1 with items to list, read, create and delete. */
export interface ItemsApi {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * The OpenAPI 3.1 document of {@link startItemsApi}: GET with a query, GET and DELETE with a
 * path parameter, POST with a JSON body. No server URL: `--openapi-base-url` says where.
 */
export const ITEMS_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Items', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        summary: 'List the items',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': {
            description: 'The items',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
                  },
                },
              },
            },
          },
        },
      },
      post: {
        operationId: 'createItem',
        summary: 'Create an item',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', description: 'What the item is called' } },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    },
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getItem',
        summary: 'Read one item',
        responses: {
          '200': {
            description: 'The item',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
      delete: {
        operationId: 'deleteItem',
        summary: 'Delete one item',
        responses: { '204': { description: 'Deleted' } },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      },
    },
  },
};

/** Starts the items API on a free port of 127.0.0.1; it records every request it answers. */
export async function startItemsApi(): Promise<ItemsApi> {
  const seen: SeenRequest[] = [];
  const items = new Map([['i1', { id: 'i1', name: 'mug' }]]);
  let next = 2;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: request.method ?? '',
        url: url.pathname + url.search,
        headers: request.headers,
        body,
      });
      const json = (status: number, value: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(value));
      const id = /^\/items\/([^/]+)$/.exec(url.pathname)?.[1];
      if (url.pathname === '/items' && request.method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? 100);
        return json(200, { items: [...items.values()].slice(0, limit) });
      }
      if (url.pathname === '/items' && request.method === 'POST') {
        const item = { id: `i${next++}`, name: (JSON.parse(body) as { name: string }).name };
        items.set(item.id, item);
        return json(201, item);
      }
      const item = id === undefined ? undefined : items.get(decodeURIComponent(id));
      if (item === undefined) return json(404, { message: 'no such item' });
      if (request.method === 'GET') return json(200, item);
      if (request.method === 'DELETE') {
        items.delete(item.id);
        return response.writeHead(204).end();
      }
      return json(405, { message: 'method not allowed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The tool names of {@link ITEMS_DOCUMENT}'s operations, sorted. */
export const ITEM_TOOLS = ['create_item', 'delete_item', 'get_item', 'list_items'];

/** The items API of a test file, and a fresh directory holding its document for each test. */
export interface ItemsFixture {
  api(): ItemsApi;
  /** The test's own directory. */
  dir(): string;
  /** `items.json` in {@link ItemsFixture.dir}: {@link ITEMS_DOCUMENT}. */
  document(): string;
}

/**
 * Starts the items API for the file (stopped after it) and gives each test a new directory
 * with the document (removed after it); the API's record of requests starts empty.
 */
export function useItemsFixture(): ItemsFixture {
  let api: ItemsApi | undefined;
  let dir = '';
  beforeAll(async () => {
    api = await startItemsApi();
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-openapi-'));
    await writeFile(join(dir, 'items.json'), JSON.stringify(ITEMS_DOCUMENT));
    if (api !== undefined) api.seen.length = 0;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    api: () => api as ItemsApi,
    dir: () => dir,
    document: () => join(dir, 'items.json'),
  };
}
