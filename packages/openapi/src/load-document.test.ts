import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './__fixtures__/test-api.js';
import { OpenapiError } from './openapi-error.js';
import { openapiModules } from './openapi-modules.js';

// Reading documents: YAML and JSON files, URLs, objects; and every document that is refused.

const yamlDocument = `openapi: 3.1.0
info: { title: Pets, version: '1' }
servers: [{ url: 'https://api.example.com/{version}', variables: { version: { default: v2 } } }]
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      description: Every pet, oldest first.
      tags: [pets]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
components:
  schemas:
    Pet: { type: object, properties: { name: { type: [string, 'null'], example: Rex } } }
`;

let folder: string;
let api: TestApi;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'openapi-'));
  await writeFile(join(folder, 'pets.yaml'), yamlDocument);
  await writeFile(join(folder, 'broken.yaml'), 'openapi: 3.0.3\npaths: [unclosed\n');
  api = await startTestApi({
    'GET /openapi.yaml': (request, response) => {
      if (request.headers['x-spec-key'] !== 'k') return void response.writeHead(401).end();
      response.writeHead(200, { 'content-type': 'application/yaml' }).end(yamlDocument);
    },
  });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await api.close();
});

async function refusal(promise: Promise<unknown>): Promise<OpenapiError> {
  const error = await promise.then(
    () => expect.unreachable('the document was accepted'),
    (reason: unknown) => reason,
  );
  expect(OpenapiError.isInstance(error), String(error)).toBe(true);
  return error as OpenapiError;
}

const minimal = (extra: Record<string, unknown>) => ({
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  ...extra,
});

describe('reading', () => {
  it('reads a YAML file relative to the project root, resolving $refs and keeping descriptions', async () => {
    const { modules } = await openapiModules('pets.yaml', { projectRoot: folder });
    const [listPets] = modules;
    expect(listPets?.moduleId).toBe('list_pets');
    expect(listPets?.module.description).toBe('List pets\n\nEvery pet, oldest first.');
    expect(listPets?.module.tags).toEqual(['pets']);
    expect(listPets?.module.outputSchema).toEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: ['string', 'null'], examples: ['Rex'] },
            },
          },
        },
      },
      required: ['items'],
    });
  });

  it('keeps every list in document order: servers, parameters, required, enum, examples', async () => {
    const { modules } = await openapiModules({
      openapi: '3.1.0',
      info: { title: 'Order', version: '1' },
      // Reversed, the relative server would come first and leave no base URL.
      servers: [{ url: 'https://api.example.com' }, { url: '/relative' }],
      paths: {
        '/notes': {
          get: {
            operationId: 'listNotes',
            parameters: [
              { name: 'first', in: 'query', required: true, schema: { type: 'string' } },
              { name: 'second', in: 'query', required: true, schema: { type: 'string' } },
              {
                name: 'status',
                in: 'query',
                schema: { type: ['string', 'null'], enum: ['draft', 'published', null] },
              },
              {
                name: 'tag',
                in: 'query',
                schema: { type: 'array', items: { type: 'string' }, examples: [['birds', 'dawn']] },
              },
            ],
            responses: { '204': { description: 'none' } },
          },
        },
      },
    });
    const schema = modules[0]?.module.inputSchema as Record<string, Record<string, unknown>>;
    expect(Object.keys(schema.properties ?? {})).toEqual(['first', 'second', 'status', 'tag']);
    expect(schema.required).toEqual(['first', 'second']);
    expect(schema.properties?.status).toEqual({
      type: ['string', 'null'],
      enum: ['draft', 'published', null],
    });
    expect(schema.properties?.tag).toMatchObject({ examples: [['birds', 'dawn']] });
  });

  it('fetches a document from a URL with the spec headers', async () => {
    const url = `${api.url}/openapi.yaml`;
    const { modules } = await openapiModules(url, { specHeaders: { 'x-spec-key': 'k' } });
    expect(modules.map(({ moduleId }) => moduleId)).toEqual(['list_pets']);
    const failure = await refusal(openapiModules(url));
    expect(failure.details.reason).toBe('unreadable');
    expect(failure.message).toContain('HTTP 401');
  });
});

describe('refusals', () => {
  it('a document that does not parse', async () => {
    const failure = await refusal(openapiModules(join(folder, 'broken.yaml')));
    expect(failure.details.reason).toBe('invalid-document');
    expect(failure.message).toContain('neither JSON nor YAML');
  });

  it('a file that does not exist, without errno text', async () => {
    const failure = await refusal(openapiModules(join(folder, 'missing.yaml')));
    expect(failure.details.reason).toBe('unreadable');
    expect(failure.message).not.toContain('ENOENT');
  });

  it('a $ref to nothing in the document', async () => {
    const dangling = minimal({
      paths: {
        '/pets': {
          get: {
            operationId: 'listPets',
            responses: { '200': { $ref: '#/components/responses/Missing' } },
          },
        },
      },
    });
    const failure = await refusal(openapiModules(dangling));
    expect(failure.details.reason).toBe('invalid-document');
  });

  it('a document that is not OpenAPI', async () => {
    const failure = await refusal(openapiModules({ title: 'not a spec' }));
    expect(failure.message).toContain('not an OpenAPI document');
  });

  it('OpenAPI 2 (Swagger) and unknown versions, naming the supported ones', async () => {
    const swagger = await refusal(openapiModules({ swagger: '2.0', info: {}, paths: {} }));
    expect(swagger.details.reason).toBe('unsupported-version');
    expect(swagger.message).toContain('3.0 and 3.1');
    const future = await refusal(openapiModules(minimal({ openapi: '4.0.0', paths: {} })));
    expect(future.message).toContain('only OpenAPI 3.0 and 3.1');
  });

  it('a $ref to another file unless allowed', async () => {
    await writeFile(
      join(folder, 'pet.yaml'),
      'type: object\nproperties: { name: { type: string } }\n',
    );
    const outside = minimal({
      paths: {
        '/pets': {
          post: {
            operationId: 'addPet',
            requestBody: { content: { 'application/json': { schema: { $ref: './pet.yaml' } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    await writeFile(join(folder, 'outside.json'), JSON.stringify(outside));
    const failure = await refusal(openapiModules(join(folder, 'outside.json')));
    expect(failure.details.reason).toBe('external-ref');
    expect(failure.message).toContain('./pet.yaml');
    const { modules } = await openapiModules(join(folder, 'outside.json'), {
      allowExternalRefs: true,
    });
    expect(modules[0]?.module.inputSchema).toMatchObject({
      properties: { name: { type: 'string' } },
    });
  });
});

describe('operations that cannot be served', () => {
  it('skips an operation whose schema cannot be converted, with a reason, and serves the rest', async () => {
    const { modules, skipped } = await openapiModules(
      minimal({
        paths: {
          '/upload': {
            post: {
              operationId: 'upload',
              requestBody: {
                required: true,
                content: { 'multipart/form-data': { schema: { type: 'object' } } },
              },
              responses: { '200': { description: 'ok' } },
            },
          },
          '/tree': {
            get: {
              operationId: 'tree',
              responses: {
                '200': {
                  description: 'ok',
                  content: {
                    'application/json': { schema: { $ref: '#/components/schemas/Node' } },
                  },
                },
              },
            },
          },
          '/pets': {
            get: { operationId: 'listPets', responses: { '200': { description: 'ok' } } },
          },
        },
        components: {
          schemas: {
            Node: {
              type: 'object',
              properties: {
                children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              },
            },
          },
        },
      }),
    );
    expect(modules.map(({ moduleId }) => moduleId)).toEqual(['list_pets']);
    expect(skipped).toEqual([
      expect.objectContaining({
        moduleId: 'upload',
        reason: expect.stringContaining('multipart/form-data'),
      }),
      expect.objectContaining({
        moduleId: 'tree',
        reason: expect.stringContaining('refers to itself'),
      }),
    ]);
  });
});
