import { describe, expect, it } from 'vitest';
import { openapiModules } from './openapi-modules.js';
import { describeUnguardedWrites, findUnguardedWrites } from './unguarded-writes.js';

const ok = { responses: { '200': { description: 'ok' } } };

describe('findUnguardedWrites', () => {
  it('lists the operations that change data, and describes them for a start-up warning', async () => {
    const { modules } = await openapiModules({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/pets': {
          get: { operationId: 'listPets', ...ok },
          post: { operationId: 'createPet', ...ok },
        },
        '/pets/{id}': {
          delete: { operationId: 'deletePet', ...ok },
          head: { operationId: 'hasPet', ...ok },
        },
      },
    });
    const writes = findUnguardedWrites(modules);
    expect(writes.map(({ moduleId }) => moduleId)).toEqual(['create_pet', 'delete_pet']);
    expect(describeUnguardedWrites(writes)).toContain(
      '2 operations change data and nothing asks for approval: create_pet (POST /pets), delete_pet (DELETE /pets/{id})',
    );
  });
});
