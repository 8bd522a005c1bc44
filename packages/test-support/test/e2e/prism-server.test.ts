import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism } from '../../src/prism-server.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Counter', version: '1' },
  paths: {
    '/counts/{name}': {
      get: {
        operationId: 'getCount',
        parameters: [
          { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'step', in: 'query', required: true, schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['count'],
                  properties: { count: { type: 'integer' } },
                },
                example: { count: 3 },
              },
            },
          },
        },
      },
    },
  },
};

let directory: string;
let documentPath: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-prism-test-'));
  documentPath = join(directory, 'counter.json');
  writeFileSync(documentPath, JSON.stringify(document));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('startPrism', () => {
  it('mocks the document, records each request and reports a request that breaks it', async () => {
    const prism = await startPrism({ document: documentPath, mode: 'mock' });
    try {
      const valid = await fetch(`${prism.url}/counts/apples?step=2`);
      expect(valid.status).toBe(200);
      expect(await valid.json()).toEqual({ count: 3 });
      expect(await prism.violations()).toEqual([]);

      const invalid = await fetch(`${prism.url}/counts/apples?step=many`);
      expect(invalid.status).toBe(422);
      await invalid.body?.cancel();
      expect(await prism.requests()).toEqual([
        { method: 'get', path: '/counts/apples' },
        { method: 'get', path: '/counts/apples' },
      ]);
      // The document has no 422 answer: Prism ends the exchange with an error of its own.
      expect(await prism.violations()).toEqual([
        {
          severity: 'error',
          location: 'exchange',
          message: expect.stringContaining('UNPROCESSABLE_ENTITY'),
        },
      ]);
    } finally {
      await prism.close();
    }
    expect(await portRefuses(prism.port)).toBe(true);
  });

  it('proxies to an upstream and reports an answer that breaks the document', async () => {
    const upstream: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ count: 'three' }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = upstream.address();
    const upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // Without `errors`, Prism passes the answer on and logs each violation in detail.
    const prism = await startPrism({
      document: documentPath,
      mode: 'proxy',
      upstream: upstreamUrl,
      errors: false,
    });
    try {
      const answer = await fetch(`${prism.url}/counts/apples?step=1`);
      expect(await answer.json()).toEqual({ count: 'three' });
      expect(await prism.violations()).toEqual([
        {
          severity: 'error',
          location: 'response.body.count',
          message: 'Response body property count must be integer',
        },
      ]);
    } finally {
      await prism.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });

  it("fails with Prism's log when it cannot start on the document", async () => {
    const missing = join(directory, 'missing.yaml');
    await expect(startPrism({ document: missing, mode: 'mock' })).rejects.toThrow(
      /exited before listening/,
    );
  });
});
