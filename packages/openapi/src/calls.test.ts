import type { ServerResponse } from 'node:http';
import { ErrorCodes, ModuleError } from '@apcore-mcp/core';
import { Context, Executor, Registry } from '@apcore-mcp/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SeenRequest, startTestApi, type TestApi } from './__fixtures__/test-api.js';
import { UpstreamError } from './calls/upstream-error.js';
import type { OpenapiOptions } from './options.js';
import { registerOpenapi } from './register-openapi.js';

// Calls of operations through the real runtime (validation, context, signal) against a real
// node:http API on 127.0.0.1: how requests are built and how every kind of answer maps.

const petParameter = { name: 'petId', in: 'path', required: true, schema: { type: 'string' } };
const ok = { description: 'ok' };
const jsonAnswer = (schema: unknown) => ({
  description: 'ok',
  content: { 'application/json': { schema } },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Test', version: '1' },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'showPet',
        parameters: [
          petParameter,
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'ids',
            in: 'query',
            explode: false,
            schema: { type: 'array', items: { type: 'integer' } },
          },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          { name: 'Authorization', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
        ],
        responses: { '200': jsonAnswer({ type: 'object', additionalProperties: true }) },
      },
    },
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: { '200': jsonAnswer({ type: 'array', items: {} }) },
      },
      post: {
        operationId: 'createPet',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' }, age: { type: 'integer', nullable: true } },
              },
            },
          },
        },
        responses: { '201': jsonAnswer({ type: 'object' }) },
      },
    },
    '/broken': { get: { operationId: 'broken', responses: { '200': ok } } },
    '/slow': { get: { operationId: 'slow', responses: { '200': ok } } },
    '/away': { get: { operationId: 'away', responses: { '200': ok } } },
    '/moved': { get: { operationId: 'moved', responses: { '200': ok } } },
    '/huge': { get: { operationId: 'huge', responses: { '200': ok } } },
    '/notes': { get: { operationId: 'notes', responses: { '200': ok } } },
    '/photo': { get: { operationId: 'photo', responses: { '200': ok } } },
  },
};

const MEGABYTE = 1024 * 1024;

/** Writes `total` bytes in 64 KiB chunks, waiting for the socket to drain between them. */
function stream(response: ServerResponse, total: number): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  const pump = () => {
    while (written < total && !response.destroyed) {
      written += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    response.end();
  };
  pump();
}

let api: TestApi;
let other: TestApi;

beforeAll(async () => {
  other = await startTestApi({ 'GET /elsewhere': (_request, response) => json(response, 200, {}) });
  api = await startTestApi({
    'GET /pets/a%2Fb%20c': (request, response) =>
      json(response, 200, { url: request.url, headers: request.headers }),
    'GET /pets': (_request, response) => json(response, 200, [{ name: 'Rex' }, { name: 'Tom' }]),
    'POST /pets': (request, response) => {
      const body = JSON.parse(request.body) as { name: string };
      if (body.name === 'taken') {
        json(response, 409, {
          message: `Name taken\n    at insertPet (/srv/app/pets.js:10:5)\nsee http://10.0.0.7/internal`,
        });
      } else json(response, 201, { created: body, authorization: request.headers.authorization });
    },
    'GET /broken': (_request, response) => json(response, 503, { message: 'db down at 10.0.0.7' }),
    'GET /slow': () => {},
    'GET /away': (_request, response) =>
      response.writeHead(302, { location: `${other.url}/elsewhere` }).end(),
    'GET /moved': (_request, response) => response.writeHead(301, { location: '/pets' }).end(),
    'GET /huge': (_request, response) => stream(response, 50 * MEGABYTE),
    'GET /notes': (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('plain words'),
    'GET /photo': (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([137, 80, 78, 71])),
  });
});

afterAll(async () => {
  await api.close();
  await other.close();
});

async function executorFor(options: OpenapiOptions = {}) {
  const registry = new Registry();
  await registerOpenapi(registry, document, {
    baseUrl: api.url,
    headers: { authorization: 'Bearer configured' },
    ...options,
  });
  return new Executor(registry);
}

function lastSeen(): SeenRequest {
  return api.seen.at(-1) as SeenRequest;
}

async function failureOf(promise: Promise<unknown>): Promise<ModuleError> {
  const error = await promise.then(
    () => expect.unreachable('the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(ModuleError.isInstance(error), String(error)).toBe(true);
  return error as ModuleError;
}

describe('requests', () => {
  it('encodes path parameters, spreads query arrays by style, sends headers and cookies', async () => {
    const executor = await executorFor();
    await executor.call('show_pet', {
      petId: 'a/b c',
      tags: ['x', 'y'],
      ids: [1, 2],
      'X-Trace': 't1',
      session: 's1',
    });
    const { url, headers } = lastSeen();
    const [path, query] = url.split('?');
    expect(path).toBe('/pets/a%2Fb%20c');
    expect(new URLSearchParams(query).getAll('tags')).toEqual(['x', 'y']);
    expect(new URLSearchParams(query).getAll('ids')).toEqual(['1,2']);
    expect(headers['x-trace']).toBe('t1');
    expect(headers.cookie).toBe('session=s1');
  });

  it('sends the configured credentials only: an Authorization parameter is no input', async () => {
    const executor = await executorFor();
    const failure = await failureOf(
      executor.call('show_pet', { petId: 'a/b c', Authorization: 'Bearer from-caller' }),
    );
    expect(failure.code).toBe(ErrorCodes.SCHEMA_VALIDATION_ERROR);
    await executor.call('show_pet', { petId: 'a/b c' });
    expect(lastSeen().headers.authorization).toBe('Bearer configured');
  });

  it('sends a flat JSON body and answers its JSON as structured output', async () => {
    const executor = await executorFor();
    const output = await executor.call('create_pet', { name: 'Rex', age: null });
    expect(JSON.parse(lastSeen().body)).toEqual({ name: 'Rex', age: null });
    expect(lastSeen().headers['content-type']).toBe('application/json');
    expect(output).toEqual({
      created: { name: 'Rex', age: null },
      authorization: 'Bearer configured',
    });
  });

  it('validates the input before any request', async () => {
    const executor = await executorFor();
    const before = api.seen.length;
    const failure = await failureOf(executor.call('create_pet', { name: 7 }));
    expect(failure.code).toBe(ErrorCodes.SCHEMA_VALIDATION_ERROR);
    expect(api.seen.length).toBe(before);
  });
});

describe('answers', () => {
  it('wraps a JSON array in { items }', async () => {
    const executor = await executorFor();
    expect(await executor.call('list_pets', {})).toEqual({
      items: [{ name: 'Rex' }, { name: 'Tom' }],
    });
  });

  it('answers text as a text item and an image as an image item', async () => {
    const executor = await executorFor();
    expect(JSON.stringify(await executor.call('notes', {}))).toContain('plain words');
    expect(JSON.stringify(await executor.call('photo', {}))).toContain('image/png');
  });

  it('turns a 4xx into invalid input carrying the bounded, sanitized upstream message', async () => {
    const executor = await executorFor();
    const failure = await failureOf(executor.call('create_pet', { name: 'taken' }));
    expect(failure.code).toBe(ErrorCodes.GENERAL_INVALID_INPUT);
    expect(failure.message).toContain('HTTP 409');
    expect(failure.message).toContain('Name taken');
    expect(failure.message).not.toContain('/srv/app');
    expect(failure.message).not.toContain('10.0.0.7');
  });

  it('turns a 5xx into a retryable upstream error without the upstream body', async () => {
    const executor = await executorFor();
    const failure = await failureOf(executor.call('broken', {}));
    expect(UpstreamError.isInstance(failure)).toBe(true);
    expect(failure.retryable).toBe(true);
    expect(failure.details).toEqual({ status: 503 });
    expect(failure.message).not.toContain('10.0.0.7');
  });

  it('turns an unreachable API into a retryable upstream error', async () => {
    const closed = await startTestApi({});
    await closed.close();
    const executor = await executorFor({ baseUrl: closed.url });
    const failure = await failureOf(executor.call('list_pets', {}));
    expect(failure.code).toBe('UPSTREAM_ERROR');
    expect(failure.retryable).toBe(true);
  });
});

describe('bounds', () => {
  it('times out with MODULE_TIMEOUT', async () => {
    const executor = await executorFor({ timeoutMs: 300 });
    const failure = await failureOf(executor.call('slow', {}));
    expect(failure.code).toBe(ErrorCodes.MODULE_TIMEOUT);
  });

  it("keeps its own time limit under an executor's shorter default", async () => {
    const registry = new Registry();
    await registerOpenapi(registry, document, { baseUrl: api.url, timeoutMs: 400 });
    const executor = new Executor(registry, { defaultTimeoutMs: 50 });
    const failure = await failureOf(executor.call('slow', {}));
    expect(failure.code).toBe(ErrorCodes.MODULE_TIMEOUT);
    expect(failure.details).toMatchObject({ timeoutMs: 400 });
  });

  it('follows a redirect within the origin and refuses one to another origin', async () => {
    const executor = await executorFor();
    expect(await executor.call('moved', {})).toEqual({ items: [{ name: 'Rex' }, { name: 'Tom' }] });
    const failure = await failureOf(executor.call('away', {}));
    expect(failure.code).toBe('UPSTREAM_ERROR');
    expect(failure.retryable).toBe(false);
    expect(other.seen).toEqual([]);
  });

  it('stops reading a 50 MB answer at the cap', async () => {
    const executor = await executorFor({ maxResponseBytes: MEGABYTE });
    const failure = await failureOf(executor.call('huge', {}));
    expect(failure.code).toBe('UPSTREAM_ERROR');
    expect(failure.message).toContain(`${MEGABYTE} bytes`);
    await expect.poll(() => api.abandoned.some((request) => request.url === '/huge')).toBe(true);
  });

  it('aborts the HTTP request when the call is cancelled', async () => {
    const executor = await executorFor();
    const controller = new AbortController();
    const call = executor.call('slow', {}, Context.create({ executor, signal: controller.signal }));
    const before = api.abandoned.length;
    await expect.poll(() => lastSeen().url).toBe('/slow');
    controller.abort(new Error('cancelled by the client'));
    await call.then(
      () => expect.unreachable('the call succeeded'),
      () => undefined,
    );
    await expect.poll(() => api.abandoned.length).toBeGreaterThan(before);
  });
});
