import { openapiModules } from '@apcore-mcp/openapi';
import { ACL } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { warnUnguardedWrites } from './warn-unguarded-writes.js';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  servers: [{ url: 'http://127.0.0.1:9' }],
  paths: {
    '/orders': {
      get: { operationId: 'listOrders', responses: { '200': { description: 'ok' } } },
      post: { operationId: 'placeOrder', responses: { '201': { description: 'ok' } } },
    },
    '/orders/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      delete: { operationId: 'cancelOrder', responses: { '204': { description: 'ok' } } },
    },
  },
};

async function warningsFor(approval: string | undefined, acl: ACL | undefined) {
  const { modules } = await openapiModules(DOCUMENT);
  const logger = createRecordingLogger();
  warnUnguardedWrites(modules, { approval, acl, logger });
  return logger.warnings();
}

describe('warnUnguardedWrites', () => {
  it('names every write once when nothing asks for approval', async () => {
    expect(await warningsFor('elicit', undefined)).toEqual([
      'OpenAPI: 2 operations change data and nothing asks for approval: place_order (POST /orders), cancel_order (DELETE /orders/{id}). Turn approval on, or require it in an ACL rule for these ids.',
    ]);
  });

  it('leaves out the writes an ACL rule asks approval for, unless --approval allow', async () => {
    const acl = new ACL(
      [
        { callers: ['*'], targets: ['cancel_*'], effect: 'allow', approval: 'required' },
        { callers: ['*'], targets: ['*'], effect: 'allow' },
      ],
      'deny',
    );
    const [guarded] = await warningsFor('elicit', acl);
    expect(guarded).toMatch(
      /^OpenAPI: 1 operation changes data .+: place_order \(POST \/orders\)\./,
    );
    const [allowed] = await warningsFor('allow', acl);
    expect(allowed).toMatch(/^OpenAPI: 2 operations change data/);
  });

  it('says nothing when every write asks for approval', async () => {
    const acl = new ACL([
      { callers: ['*'], targets: ['*'], effect: 'allow', approval: 'required' },
    ]);
    expect(await warningsFor('deny', acl)).toEqual([]);
  });
});
