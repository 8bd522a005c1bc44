import { ErrorCodes, ModuleError } from '@apcore-mcp/core';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SeenRequest, startTestApi, type TestApi } from './__fixtures__/test-api.js';
import { registerOpenapi } from './register-openapi.js';

// Input that would make the request other than the operation it calls: refused before sending.

const document = {
  openapi: '3.0.3',
  info: { title: 'Test', version: '1' },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'showPet',
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

let api: TestApi;
let executor: Executor;

beforeAll(async () => {
  api = await startTestApi({
    'GET /pets/..x': (_request, response) => json(response, 200, { name: 'Rex' }),
  });
  const registry = new Registry();
  await registerOpenapi(registry, document, { baseUrl: api.url });
  executor = new Executor(registry);
});
afterAll(async () => {
  await api.close();
});

async function refusal(inputs: Record<string, unknown>): Promise<ModuleError> {
  const error = await executor.call('show_pet', inputs).then(
    () => expect.unreachable('the call was sent'),
    (reason: unknown) => reason,
  );
  expect(ModuleError.isInstance(error), String(error)).toBe(true);
  return error as ModuleError;
}

describe('requests that would go elsewhere', () => {
  it('refuses a path parameter that would climb out of its path ("." or "..")', async () => {
    for (const petId of ['..', '.']) {
      const failure = await refusal({ petId });
      expect(failure.code).toBe(ErrorCodes.GENERAL_INVALID_INPUT);
      expect(failure.message).toBe(`petId cannot be "${petId}": it would change the path`);
    }
    expect(api.seen).toEqual([]);
    // Dots inside a segment are no step up: the request goes out.
    expect(await executor.call('show_pet', { petId: '..x' })).toEqual({ name: 'Rex' });
    expect((api.seen.at(-1) as SeenRequest).url).toBe('/pets/..x');
  });

  it('refuses a header parameter holding a line break, sending nothing', async () => {
    const before = api.seen.length;
    const failure = await refusal({ petId: 'p1', 'X-Trace': 't1\r\nX-Admin: yes' });
    expect(failure.code).toBe(ErrorCodes.GENERAL_INVALID_INPUT);
    expect(failure.message).toBe('X-Trace cannot hold a line break');
    expect(api.seen.length).toBe(before);
  });
});
